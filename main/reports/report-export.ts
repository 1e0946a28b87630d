import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import Papa from 'papaparse'
import { formulaEscaping } from '../platform/csv/formula-cells'
import type { JobContext } from '../platform/jobs/job-runner'
import { exclusiveStream, writeAtomically } from './export-file'
import type { ReportSession } from './report-session'
import type { ScriptRef } from '../platform/workers/script-ref'
import type { ViewFile } from './view-file'
import type { TableSource } from './xlsx-export'
import { exportViewXlsx, type XlsxExportOptions } from './xlsx-sheets'
import { exportViewXlsxInWorker } from './xlsx-worker'

/** Rows read and written per step of an export: small enough to keep memory flat. */
const EXPORT_CHUNK_ROWS = 10_000
/** RFC 4180, as the gateway writes its reports: every field quoted, CRLF between rows. */
const CSV_STYLE = { quotes: true, newline: '\r\n' } as const

/** The fields of `row` at `columns`, or all of them. */
const pick = (row: string[], columns: readonly number[] | null) =>
  columns ? columns.map((column) => row[column] ?? '') : row

export type ViewExportFormat = 'csv' | 'tsv' | 'xlsx'

export interface ViewExportOptions extends Partial<XlsxExportOptions> {
  /** CSV (by default, with the report's own delimiter), TSV (tabs) or XLSX. */
  format?: ViewExportFormat
  /** CSV and TSV: without the ' that keeps spreadsheets from running cells as formulas. */
  exactBytes?: boolean
  /**
   * XLSX: the worker thread (`xlsx-export-worker`) that writes a report's view, reading its rows
   * from the file itself. Without it, or for a table that is no report's view (a pivot's), the
   * workbook is written in this thread.
   */
  xlsxWorker?: ScriptRef
}

/** The current view in `format`, with progress; an XLSX's own words in `language` (English). */
export function exportViewAs(
  session: TableSource & { viewFile?: () => Promise<ViewFile> },
  target: string,
  columns: readonly number[] | null,
  job: JobContext,
  {
    format = 'csv',
    exactBytes = false,
    language = 'en',
    sheetRowsMax,
    xlsxWorker,
  }: ViewExportOptions,
): Promise<{ rows: number; bytes: number; sheets?: number }> {
  if (format === 'xlsx') {
    const { viewFile } = session
    return xlsxWorker && viewFile
      ? exportViewXlsxInWorker({ viewFile }, target, columns, job, {
          language,
          sheetRowsMax,
          script: xlsxWorker,
        })
      : exportViewXlsx(session, target, columns, job, { language, sheetRowsMax })
  }
  const delimiter = format === 'tsv' ? '\t' : session.head.delimiter
  return exportView(session, target, columns, job, exactBytes, delimiter)
}

/**
 * The current view (its order, its filter, the chosen columns) as delimited text, with progress.
 * Cells a spreadsheet would run as formulas get a ' in front unless `exactBytes` (csv/formula-cells).
 */
export async function exportView(
  session: TableSource,
  target: string,
  columns: readonly number[] | null,
  job: JobContext,
  exactBytes = false,
  delimiter = session.head.delimiter,
): Promise<{ rows: number; bytes: number }> {
  await session.indexed
  const { rowCount } = session.state()
  const header = pick(session.head.columns, columns)
  const style = { ...CSV_STYLE, delimiter, ...formulaEscaping(exactBytes) }
  await writeAtomically(target, async (part) => {
    const out = await exclusiveStream(part)
    const write = (text: string) =>
      new Promise<void>((resolve, reject) =>
        out.write(text, (error) => (error ? reject(error) : resolve())),
      )
    try {
      await write(Papa.unparse([header], style) + CSV_STYLE.newline)
      for (let from = 0; from < rowCount; from += EXPORT_CHUNK_ROWS) {
        job.signal.throwIfAborted()
        const to = Math.min(rowCount, from + EXPORT_CHUNK_ROWS)
        const rows = (await session.rows(from, to)).map((row) => pick(row, columns))
        await write(Papa.unparse(rows, style) + CSV_STYLE.newline)
        job.progress(to, rowCount)
      }
    } finally {
      await new Promise<void>((resolve) => out.end(resolve))
    }
  })
  job.progress(rowCount, rowCount)
  return { rows: rowCount, bytes: (await stat(target)).size }
}

/** The report file exactly as it came (an open report's, or a PDF's on show), with byte progress. */
export async function exportOriginal(
  session: Pick<ReportSession, 'path'>,
  target: string,
  job: JobContext,
): Promise<{ bytes: number }> {
  const { size } = await stat(session.path)
  let done = 0
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      job.progress((done += chunk.length), size)
      callback(null, chunk)
    },
  })
  await writeAtomically(target, async (part) => {
    await pipeline(createReadStream(session.path), counter, await exclusiveStream(part), {
      signal: job.signal,
    })
  })
  return { bytes: done }
}

/**
 * Rows [from, to) of the view as tab-separated text, for the clipboard: spreadsheets paste it, so
 * formula cells get a ' in front as in an export.
 */
export async function selectionAsTsv(
  session: ReportSession,
  from: number,
  to: number,
  columns: readonly number[] | null,
  withHeader: boolean,
): Promise<string> {
  const rows = (await session.rows(from, to)).map((row) => pick(row, columns))
  if (withHeader) rows.unshift(pick(session.head.columns, columns))
  return Papa.unparse(rows, { delimiter: '\t', newline: '\n', ...formulaEscaping() })
}
