import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import Papa from 'papaparse'
import { bytesToText } from '../csv/charset'
import { CsvError, fileLabel, fileSystemError } from '../csv/csv-error'
import { detectFileFormat, type FormatHints } from '../csv/csv-format'

/** A bulk file is a spreadsheet of updates, read whole; a report-sized file is a mistake. */
export const BULK_FILE_MAX_BYTES = 64 * 1024 * 1024
export const BULK_ROWS_MAX = 200_000

/** The rows of a bulk update file, as read: a header, then one update per data row. */
export interface BulkSource {
  path: string
  /** Of the file's bytes: a journal resumes only against the very same file. */
  sha256: string
  encoding: string
  delimiter: string
  headers: string[]
  /** Data rows; row number n (1-based, as the journal counts) is rows[n - 1]. */
  rows: string[][]
}

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/**
 * Reads a CSV of updates: encoding and delimiter detected as for reports (or as given), the
 * first row its header, blank lines skipped.
 */
export async function readBulkSource(path: string, hints: FormatHints = {}): Promise<BulkSource> {
  let bytes: Buffer
  try {
    bytes = await readFile(path)
  } catch (error) {
    throw fileSystemError(path, error)
  }
  if (bytes.length > BULK_FILE_MAX_BYTES) {
    throw new CsvError(
      'row-too-long',
      `${fileLabel(path)} is ${Math.round(bytes.length / 1048576)} MiB: a bulk update file may hold at most 64 MiB. Split it into smaller files.`,
    )
  }
  const format = await detectFileFormat(path, hints, { bytes, isWholeFile: true })
  const text = bytesToText(format.encoding)(bytes.subarray(format.byteOrderMarkLength))
  const { data } = Papa.parse<string[]>(text, {
    delimiter: format.delimiter,
    skipEmptyLines: 'greedy',
    header: false,
  })
  const [headers, ...rows] = data
  if (!headers || rows.length === 0) {
    throw new CsvError(
      'empty-file',
      `${fileLabel(path)} has no updates: it needs a header row naming the columns, then one row per update.`,
    )
  }
  if (rows.length > BULK_ROWS_MAX) {
    throw new CsvError(
      'too-many-columns',
      `${fileLabel(path)} has ${rows.length.toLocaleString('en')} rows: one bulk job takes at most ${BULK_ROWS_MAX.toLocaleString('en')}. Split the file.`,
    )
  }
  return {
    path,
    sha256: sha256Of(bytes),
    encoding: format.encoding,
    delimiter: format.delimiter,
    headers: headers.map((header) => header.trim()),
    rows,
  }
}
