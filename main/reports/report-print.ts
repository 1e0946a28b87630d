import { rm, writeFile } from 'node:fs/promises'
import { paperFor, PRINT_ROWS_MAX } from '../../preload/contract/reports/report-print'
import { explainWith } from '../../preload/contract/locales/explain'
import { catalogWording, type CatalogLanguage } from '../platform/i18n/catalog-wording'
import { coded } from '../platform/i18n/english'
import type { JobContext } from '../platform/jobs/job-runner'
import { writeAtomically } from './export-file'
import { escapeHtml, printDocument } from './print-document'
import type { ReportSession } from './report-session'

/** Paper edges, in millimetres: the bottom one holds the page numbers. */
export const PRINT_MARGINS_MM = { top: 10, right: 10, bottom: 14, left: 10 } as const

export interface PrintPage {
  paper: 'A4' | 'Letter'
  marginsMm: typeof PRINT_MARGINS_MM
  /** Chromium's footer template: its pageNumber and totalPages spans are filled on each page. */
  footerTemplate: string
}

/**
 * Makes a PDF of an HTML page, landscape, in Chromium: Electron's printToPDF in the app, the
 * e2e harness's Chromium in tests. The page (a file: a view's rows are more than a URL holds)
 * runs no scripts.
 */
export interface PdfPrinter {
  print(htmlFile: string, page: PrintPage): Promise<Uint8Array>
}

export interface PrintViewOptions {
  printer: PdfPrinter
  language: CatalogLanguage
  dateLocale: string
  /** The view's filters in words, as the window's chips say them. */
  filters: readonly string[]
  /** The most rows printed: PRINT_ROWS_MAX, smaller in tests. */
  rowsMax?: number
}

/** Rows read per step: progress moves, memory stays small. */
const PRINT_CHUNK_ROWS = 1000

/** "Page 2 of 7" in the footer, in the page's language. */
function footerTemplate(language: CatalogLanguage): string {
  const text = escapeHtml(
    explainWith(
      catalogWording(language),
      coded('report-print.page', { page: '{page}', pages: '{pages}' }),
    ),
  )
    .replace('{page}', '<span class="pageNumber"></span>')
    .replace('{pages}', '<span class="totalPages"></span>')
  return `<div style="font: 7pt sans-serif; width: 100%; text-align: center; color: #555">${text}</div>`
}

/**
 * The first rows of the current view (at most PRINT_ROWS_MAX; the chosen columns in the grid's
 * order) with its totals, printed to a PDF at `target`: rows read with progress, then printed.
 */
export async function printView(
  session: Pick<ReportSession, 'indexed' | 'head' | 'state' | 'rows' | 'totals'>,
  target: string,
  columns: readonly number[],
  job: JobContext,
  options: PrintViewOptions,
): Promise<{ rows: number; viewRows: number; bytes: number }> {
  await session.indexed
  const { rowCount, query } = session.state()
  const shown = Math.min(rowCount, options.rowsMax ?? PRINT_ROWS_MAX)
  const totals = session.totals(job.signal)
  // The totals are awaited below; a print stopped before must not leave a rejection unhandled.
  totals.catch(() => {})
  const rows: string[][] = []
  for (let from = 0; from < shown; from += PRINT_CHUNK_ROWS) {
    job.signal.throwIfAborted()
    rows.push(...(await session.rows(from, Math.min(shown, from + PRINT_CHUNK_ROWS))))
    job.progress(rows.length, shown)
  }
  const html = printDocument({
    title: session.head.fileName,
    printedAt: new Date(),
    language: options.language,
    dateLocale: options.dateLocale,
    header: session.head.columns,
    columnTypes: session.head.columnTypes,
    columns,
    rows,
    viewRows: rowCount,
    query,
    filters: options.filters,
    totals: await totals,
  })
  job.signal.throwIfAborted()
  // Beside the PDF, in its private folder, for as long as Chromium reads it.
  const htmlFile = `${target}.html`
  let pdf: Uint8Array
  try {
    await writeFile(htmlFile, html, { flag: 'wx', mode: 0o600 })
    pdf = await options.printer.print(htmlFile, {
      paper: paperFor(options.dateLocale),
      marginsMm: PRINT_MARGINS_MM,
      footerTemplate: footerTemplate(options.language),
    })
  } finally {
    await rm(htmlFile, { force: true })
  }
  job.signal.throwIfAborted()
  await writeAtomically(target, (part) => writeFile(part, pdf, { flag: 'wx', mode: 0o600 }))
  job.progress(shown, shown)
  return { rows: shown, viewRows: rowCount, bytes: pdf.byteLength }
}
