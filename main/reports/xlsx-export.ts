import { stat } from 'node:fs/promises'
import { basename, extname } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import type ExcelJS from 'exceljs'
import { explainWith } from '../../preload/contract/locales/explain'
import type { CatalogLanguage } from '../platform/i18n/catalog-wording'
import { catalogWording } from '../platform/i18n/catalog-wording'
import { coded } from '../platform/i18n/english'
import type { JobContext } from '../platform/jobs/job-runner'
import { exclusiveStream, writeAtomically } from './export-file'
import type { ColumnType } from '../../preload/contract/reports/report-view'
import type { MoneyOf } from '../../preload/contract/reports/cell-format'
import { cellMakers, type CellMaker } from './xlsx-cells'
import { columnWidths } from './xlsx-widths'

/** What the writers read: an open report's view, or a table shaped like one (the pivot's). */
export interface TableSource {
  /** Names a sheet holding the whole table. */
  path: string
  indexed: Promise<void>
  head: {
    columns: string[]
    columnTypes: ColumnType[]
    delimiter: string
    /** Which currency's decimals each column's amounts take; by default Amount's row Currency. */
    money?: (MoneyOf | null)[]
  }
  state(): { rowCount: number }
  rows(from: number, to: number): Promise<string[][]>
}

/** Excel's sheet holds 1,048,576 rows: the header and this many rows of data. */
export const XLSX_SHEET_ROWS_MAX = 1_048_575
/** Rows read and written per step: each is committed to the zip, so memory stays flat. */
const XLSX_CHUNK_ROWS = 5_000
/** XML the zip may have still to take in: waiting at every chunk would leave it idle between. */
const ZIP_BACKLOG_MAX = 8 * 1024 * 1024
const ZIP_POLL_MS = 5
/** Rows of the view the column widths are measured on. */
const WIDTH_SAMPLE_ROWS = 1_000

export interface XlsxExportOptions {
  /** The language of the sheet names and the note on a split. */
  language: CatalogLanguage
  /** Data rows per sheet: Excel's limit, smaller in tests. */
  sheetRowsMax?: number
}

export interface XlsxExportResult {
  rows: number
  bytes: number
  /** Sheets of rows (more than one when the view is longer than a sheet holds). */
  sheets: number
}

/** The view's rows [from, to), 1-based in the names people read. */
interface SheetPart {
  from: number
  to: number
  name: string
}

/** Characters Excel refuses in a sheet name, and its longest. */
const SHEET_NAME_REFUSED = /[[\]:*?/\\]/g
const SHEET_NAME_MAX = 31

/** A view on one sheet: named after its report file, as Excel allows. */
const fileSheetName = (path: string) =>
  basename(path, extname(path)).replace(SHEET_NAME_REFUSED, ' ').trim().slice(0, SHEET_NAME_MAX)

function sheetParts(
  rowCount: number,
  perSheet: number,
  options: { language: CatalogLanguage; path: string },
): SheetPart[] {
  const { language } = options
  const fileName = fileSheetName(options.path)
  if (rowCount <= perSheet && fileName) return [{ from: 0, to: rowCount, name: fileName }]
  const number = new Intl.NumberFormat(language)
  const wording = catalogWording(language)
  const parts: SheetPart[] = []
  for (let from = 0; from < Math.max(rowCount, 1); from += perSheet) {
    const to = Math.min(rowCount, from + perSheet)
    const range = { from: number.format(from + 1), to: number.format(to) }
    parts.push({ from, to, name: explainWith(wording, coded('report-export.xlsx-sheet', range)) })
  }
  return parts
}

/** A first sheet saying why the rows are split, and how. */
function addNoteSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  parts: readonly SheetPart[],
  rowCount: number,
  perSheet: number,
  language: CatalogLanguage,
) {
  const wording = catalogWording(language)
  const number = new Intl.NumberFormat(language)
  const say = (code: Parameters<typeof coded>[0], params: Parameters<typeof coded>[1] = {}) =>
    explainWith(wording, coded(code, params))
  const sheet = workbook.addWorksheet(say('report-export.xlsx-note-sheet'))
  sheet.columns = [{ width: 120 }]
  const note = say('report-export.xlsx-note', {
    rows: number.format(rowCount),
    limit: number.format(perSheet),
    n: parts.length,
    names: parts.map((part) => part.name).join(', '),
  })
  const row = sheet.addRow([note])
  row.alignment = { wrapText: true, vertical: 'top' }
  row.commit()
  sheet.commit()
}

/** The rows of each range in turn, the next read while the last is written. */
async function* rowsAhead(session: TableSource, ranges: readonly (readonly [number, number])[]) {
  const read = (index: number) => {
    const range = ranges[index]
    if (!range) return null
    const rows = session.rows(...range)
    // A read not awaited (the export stopped) must not be an unhandled rejection.
    rows.catch(() => {})
    return rows
  }
  let next = read(0)
  for (let index = 0; next; index++) {
    const rows = await next
    next = read(index + 1)
    yield rows
  }
}

/** [from, to) ranges of at most `size` rows covering [from, to). */
function chunks(from: number, to: number, size: number): [number, number][] {
  const ranges: [number, number][] = []
  for (let at = from; at < to; at += size) ranges.push([at, Math.min(to, at + size)])
  return ranges
}

/** The bytes a stream holds on either side (archiver's input is a readable-stream 2 PassThrough). */
interface BufferingStream {
  _writableState?: { length: number }
  _readableState?: { length: number }
}
const pending = (input: BufferingStream | undefined) =>
  (input?._writableState?.length ?? 0) + (input?._readableState?.length ?? 0)

/**
 * Waits while the zip has not taken in what the sheet wrote. exceljs writes a sheet's XML into
 * archiver's input stream without waiting (its StreamBuf ignores backpressure), so rows written
 * faster than they are compressed would pile up there: memory growing with the rows (135 MB per
 * 300,000 rows, measured). That input is reached through exceljs's own fields (the sheet's
 * `stream` and its `pipes`); it signals nothing when it empties, so it is looked at every 5 ms.
 */
async function zipCaughtUp(sheet: ExcelJS.Worksheet): Promise<void> {
  const input = (sheet as unknown as { stream?: { pipes?: BufferingStream[] } }).stream?.pipes?.[0]
  while (pending(input) > ZIP_BACKLOG_MAX) await delay(ZIP_POLL_MS)
}

function writeRow(sheet: ExcelJS.Worksheet, makers: readonly CellMaker[], fields: string[]) {
  const cells = makers.map((make) => make(fields))
  const row = sheet.addRow(cells.map((cell) => cell.value))
  cells.forEach((cell, i) => {
    if (cell.numFmt) row.getCell(i + 1).numFmt = cell.numFmt
  })
  row.commit()
}

/**
 * The current view (its order, its filter, the chosen columns in view order) as an XLSX workbook,
 * streamed row by row to `<target>.part` and renamed over `target` once complete (see writeXlsx).
 */
export async function exportViewXlsx(
  session: TableSource,
  target: string,
  columns: readonly number[] | null,
  job: JobContext,
  options: XlsxExportOptions,
): Promise<XlsxExportResult> {
  let written = { rows: 0, sheets: 0 }
  await writeAtomically(target, async (part) => {
    written = await writeXlsx(session, part, columns, job, options)
  })
  job.progress(written.rows, written.rows)
  return { ...written, bytes: (await stat(target)).size }
}

/**
 * The view as an XLSX workbook written to the new file `part`: numbers and dates as such with
 * their formats, a bold frozen header with an autofilter, columns as wide as the first rows need.
 * A view longer than a sheet holds goes on several sheets after a note.
 */
export async function writeXlsx(
  session: TableSource,
  part: string,
  columns: readonly number[] | null,
  job: JobContext,
  options: XlsxExportOptions,
): Promise<Omit<XlsxExportResult, 'bytes'>> {
  await session.indexed
  const { rowCount } = session.state()
  const { columns: header, columnTypes, money } = session.head
  const chosen = columns ?? header.map((_, column) => column)
  const names = chosen.map((column) => header[column] ?? '')
  const makers = cellMakers(header, columnTypes, chosen, money)
  const perSheet = options.sheetRowsMax ?? XLSX_SHEET_ROWS_MAX
  const parts = sheetParts(rowCount, perSheet, { ...options, path: session.path })
  const sample = await session.rows(0, Math.min(rowCount, WIDTH_SAMPLE_ROWS))
  const widths = columnWidths(names, makers, sample)

  const out = await exclusiveStream(part)
  // A write that fails (a full disk) ends the export; the zip would wait for it forever.
  const outFailed = new Promise<never>((_, reject) => out.on('error', reject))
  outFailed.catch(() => {})
  // Loaded here, not at the top: exceljs takes 0.25 s to load, which every command line start
  // and the app's main process paid before, export or not.
  const { default: excel } = await import('exceljs')
  const workbook = new excel.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: true,
  })
  const finish = () => Promise.race([workbook.commit(), outFailed])
  let done = 0
  try {
    if (parts.length > 1) addNoteSheet(workbook, parts, rowCount, perSheet, options.language)
    for (const { from, to, name } of parts) {
      const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] })
      sheet.autoFilter = {
        from: { row: 1, column: 1 },
        to: { row: to - from + 1, column: names.length },
      }
      sheet.columns = widths.map((width) => ({ width }))
      const head = sheet.addRow(names)
      head.font = { bold: true }
      head.commit()
      for await (const rows of rowsAhead(session, chunks(from, to, XLSX_CHUNK_ROWS))) {
        job.signal.throwIfAborted()
        for (const fields of rows) writeRow(sheet, makers, fields)
        await zipCaughtUp(sheet)
        done += rows.length
        job.progress(done, rowCount)
      }
      sheet.commit()
    }
  } catch (error) {
    // Cancelled or failed: the zip is closed all the same (the part file is then removed).
    await finish().catch(() => {})
    out.destroy()
    throw error
  }
  await finish()
  return { rows: rowCount, sheets: parts.length }
}
