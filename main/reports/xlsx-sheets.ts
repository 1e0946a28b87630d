import { stat } from 'node:fs/promises'
import { basename, extname } from 'node:path'
import { explainWith } from '../../preload/contract/locales/explain'
import type { CatalogLanguage } from '../platform/i18n/catalog-wording'
import { catalogWording } from '../platform/i18n/catalog-wording'
import { coded } from '../platform/i18n/english'
import type { JobContext } from '../platform/jobs/job-runner'
import { writeAtomically } from './export-file'
import {
  writeXlsx,
  type SheetPart,
  type TableSource,
  type XlsxExportResult,
  type XlsxSheets,
} from './xlsx-export'

/** Excel's sheet holds 1,048,576 rows: the header and this many rows of data. */
export const XLSX_SHEET_ROWS_MAX = 1_048_575

export interface XlsxExportOptions {
  /** The language of the sheet names and the note on a split. */
  language: CatalogLanguage
  /** Data rows per sheet: Excel's limit, smaller in tests. */
  sheetRowsMax?: number
}

/** Characters Excel refuses in a sheet name, and its longest. */
const SHEET_NAME_REFUSED = /[[\]:*?/\\]/g
const SHEET_NAME_MAX = 31

/** A view on one sheet: named after its report file, as Excel allows. */
const fileSheetName = (path: string) =>
  basename(path, extname(path)).replace(SHEET_NAME_REFUSED, ' ').trim().slice(0, SHEET_NAME_MAX)

/**
 * The sheets a view of `rowCount` rows of the report at `path` is written on, worded in the
 * options' language: one named after the file, or parts of at most `sheetRowsMax` rows named by
 * their rows ("Rows 1–1,048,575") after a note sheet saying why.
 */
export function xlsxSheets(
  rowCount: number,
  path: string,
  { language, sheetRowsMax = XLSX_SHEET_ROWS_MAX }: XlsxExportOptions,
): XlsxSheets {
  const fileName = fileSheetName(path)
  if (rowCount <= sheetRowsMax && fileName)
    return { parts: [{ from: 0, to: rowCount, name: fileName }], note: null }
  const wording = catalogWording(language)
  const say = (code: Parameters<typeof coded>[0], params: Parameters<typeof coded>[1] = {}) =>
    explainWith(wording, coded(code, params))
  const number = new Intl.NumberFormat(language)
  const parts: SheetPart[] = []
  for (let from = 0; from < Math.max(rowCount, 1); from += sheetRowsMax) {
    const to = Math.min(rowCount, from + sheetRowsMax)
    const range = { from: number.format(from + 1), to: number.format(to) }
    parts.push({ from, to, name: say('report-export.xlsx-sheet', range) })
  }
  if (parts.length === 1) return { parts, note: null }
  const text = say('report-export.xlsx-note', {
    rows: number.format(rowCount),
    limit: number.format(sheetRowsMax),
    n: parts.length,
    names: parts.map((part) => part.name).join(', '),
  })
  return { parts, note: { name: say('report-export.xlsx-note-sheet'), text } }
}

/**
 * The current view (its order, its filter, the chosen columns in view order) as an XLSX workbook
 * written in this thread, streamed row by row to `<target>.part` and renamed over `target` once
 * complete (see writeXlsx).
 */
export async function exportViewXlsx(
  session: TableSource,
  target: string,
  columns: readonly number[] | null,
  job: JobContext,
  options: XlsxExportOptions,
): Promise<XlsxExportResult> {
  await session.indexed
  const sheets = xlsxSheets(session.state().rowCount, session.path, options)
  let written = { rows: 0, sheets: 0 }
  await writeAtomically(target, async (part) => {
    written = await writeXlsx(session, part, columns, job, sheets)
  })
  job.progress(written.rows, written.rows)
  return { ...written, bytes: (await stat(target)).size }
}
