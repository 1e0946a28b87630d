import { setTimeout as delay } from 'node:timers/promises'
import type ExcelJS from 'exceljs'
import type { JobContext } from '../platform/jobs/job-runner'
import { exclusiveStream } from './export-file'
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

/** Rows read and written per step: each is committed to the zip, so memory stays flat. */
const XLSX_CHUNK_ROWS = 5_000
/** XML the zip may have still to take in: waiting at every chunk would leave it idle between. */
const ZIP_BACKLOG_MAX = 8 * 1024 * 1024
const ZIP_POLL_MS = 5
/** Rows of the view the column widths are measured on. */
const WIDTH_SAMPLE_ROWS = 1_000

/** The view's rows [from, to) on one sheet, and the sheet's name. */
export interface SheetPart {
  from: number
  to: number
  name: string
}

/** A first sheet saying why the rows are split, and how. */
export interface XlsxNote {
  name: string
  text: string
}

/**
 * How a view is laid out on sheets, worded by main (xlsx-sheets.ts) so that the writer, which
 * also runs in a worker thread, needs no catalog: its parts, and a note sheet when it is split.
 */
export interface XlsxSheets {
  parts: SheetPart[]
  note: XlsxNote | null
}

export interface XlsxExportResult {
  rows: number
  bytes: number
  /** Sheets of rows (more than one when the view is longer than a sheet holds). */
  sheets: number
}

/** A first sheet saying why the rows are split, and how. */
function addNoteSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, note: XlsxNote) {
  const sheet = workbook.addWorksheet(note.name)
  sheet.columns = [{ width: 120 }]
  const row = sheet.addRow([note.text])
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
 * The view as an XLSX workbook written to the new file `part`: numbers and dates as such with
 * their formats, a bold frozen header with an autofilter, columns as wide as the first rows need.
 * A view longer than a sheet holds goes on several sheets after a note.
 */
export async function writeXlsx(
  session: TableSource,
  part: string,
  columns: readonly number[] | null,
  job: JobContext,
  sheets: XlsxSheets,
): Promise<Omit<XlsxExportResult, 'bytes'>> {
  await session.indexed
  const { rowCount } = session.state()
  const { parts, note } = sheets
  const { columns: header, columnTypes, money } = session.head
  const chosen = columns ?? header.map((_, column) => column)
  const names = chosen.map((column) => header[column] ?? '')
  const makers = cellMakers(header, columnTypes, chosen, money)
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
    if (note) addNoteSheet(workbook, note)
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
