import { createHash } from 'node:crypto'
import { basename } from 'node:path'
import Papa from 'papaparse'
import { bytesToText } from '../platform/csv/charset'
import { fileSystemError } from '../platform/csv/csv-error'
import { detectFileFormat, type FormatHints } from '../platform/csv/csv-format'
import {
  FileTooLargeError,
  NotRegularFileError,
  readRegularFile,
} from '../platform/csv/regular-file'
import { asBulkFileError, BulkFileError } from './bulk-file-error'

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
  /** A stored pasted table's: decrypts a row's CVV2 kept in the journal (NewBulkRow). */
  openCardCode?: (rowNumber: number, sealed: Uint8Array) => string
}

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/**
 * Reads a CSV of updates: encoding and delimiter detected as for reports (or as given), the
 * first row its header, blank lines skipped.
 */
export async function readBulkSource(path: string, hints: FormatHints = {}): Promise<BulkSource> {
  return parseBulkSource(path, await readUpdatesFile(path), hints)
}

/** Reads a file of updates whole: a regular file (never a pipe or a device) within the size limit. */
async function readUpdatesFile(path: string): Promise<Buffer> {
  try {
    return await readRegularFile(path, BULK_FILE_MAX_BYTES)
  } catch (error) {
    if (error instanceof NotRegularFileError) {
      throw new BulkFileError('unreadable', 'not-regular', { file: basename(path) })
    }
    if (error instanceof FileTooLargeError) throw tooLarge(path, error.sizeBytes)
    throw asBulkFileError(fileSystemError(path, error), path)
  }
}

const tooLarge = (path: string, sizeBytes: number) =>
  new BulkFileError('row-too-long', 'too-large', {
    file: basename(path),
    sizeBytes,
    limitBytes: BULK_FILE_MAX_BYTES,
  })

/** Reads updates held in memory (a pasted table) as if they were the file at `path`. */
export async function parseBulkSource(
  path: string,
  bytes: Buffer,
  hints: FormatHints = {},
): Promise<BulkSource> {
  try {
    return await parseSource(path, bytes, hints)
  } catch (error) {
    throw asBulkFileError(error, path)
  }
}

async function parseSource(path: string, bytes: Buffer, hints: FormatHints): Promise<BulkSource> {
  const file = basename(path)
  if (bytes.length > BULK_FILE_MAX_BYTES) {
    throw tooLarge(path, bytes.length)
  }
  const format = await detectFileFormat(path, hints, { bytes, isWholeFile: true })
  const text = bytesToText(format.encoding)(bytes.subarray(format.byteOrderMarkLength))
  const { data } = Papa.parse<string[]>(text, {
    delimiter: format.delimiter,
    skipEmptyLines: 'greedy',
    header: false,
  })
  const [headers, ...rows] = data
  if (!headers || rows.length === 0) throw new BulkFileError('empty-file', 'empty', { file })
  if (rows.length > BULK_ROWS_MAX) {
    throw new BulkFileError('too-many-columns', 'too-many-rows', {
      file,
      rows: rows.length.toLocaleString('en'),
      max: BULK_ROWS_MAX.toLocaleString('en'),
    })
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
