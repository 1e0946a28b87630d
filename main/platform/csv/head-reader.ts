import { REPORT_COLUMNS_MAX } from '../../../preload/contract/reports/report-limits'
import { CsvError, fileParam, fileSystemError } from './csv-error'
import { rowReader, type OpenCsvFile } from './csv-file'
import type { FileStart } from './csv-format'
import { rowFields } from './row-fields'
import { RowScanner } from './row-scanner'

/** The column names and first rows of a CSV file. */
export interface CsvHead {
  columns: string[]
  rows: string[][]
  /** The header's fields as the row scanner counts them (the index checks rows against it). */
  headerFieldCount: number
}

export const HEAD_ROWS = 100
const FIRST_READ_BYTES = 64 * 1024
/** A header longer than this is not a report's; reading on would only fill memory. */
const HEAD_MAX_BYTES = 16 * 1024 * 1024

/**
 * The header and the first `rowCount` data rows, read from the start of the file (more of it
 * only while the rows are not complete), so the user sees them before the whole file is indexed.
 * The file must be byte-scannable (transcode it first if not). `start`, the file's first bytes
 * when the caller has read them already, saves reading them again.
 */
export async function readHead(
  file: OpenCsvFile,
  rowCount = HEAD_ROWS,
  start?: FileStart,
): Promise<CsvHead> {
  const scanner = new RowScanner({ delimiter: file.format.delimiter.charCodeAt(0), maxProblems: 0 })
  const chunks: Buffer[] = []
  let size = 0
  let atEnd = false
  if (start && start.bytes.length > 0) {
    const first = Buffer.from(start.bytes.buffer, start.bytes.byteOffset, start.bytes.length)
    chunks.push(first)
    size = first.length
    scanner.feed(first)
    atEnd = start.isWholeFile
  }
  while (!atEnd && scanner.rowStarts().length <= rowCount && size < HEAD_MAX_BYTES) {
    const chunk = await readAt(file, size, Math.max(size, FIRST_READ_BYTES))
    if (chunk.length === 0) {
      atEnd = true
      break
    }
    chunks.push(chunk)
    size += chunk.length
    scanner.feed(chunk)
  }
  // At the end, the last row's end comes after the row starts; before it, only rows that the
  // next row's start closes are complete.
  const offsets = atEnd ? scanner.finish().offsets : scanner.rowStarts()
  if (scanner.headerStart < 0) throw new CsvError('empty-file', fileParam(file.path))
  if (offsets.length === 0) {
    throw new CsvError('row-too-long', { ...fileParam(file.path), limitBytes: HEAD_MAX_BYTES })
  }
  const bytes = Buffer.concat(chunks, size)
  const reader = rowReader(file.format)
  const fieldsBetween = (start: number, end: number) =>
    rowFields(bytes.subarray(start, end), end < size, reader)
  const columns = fieldsBetween(scanner.headerStart, offsets[0]!)
  if (columns.length > REPORT_COLUMNS_MAX) {
    throw new CsvError('too-many-columns', {
      ...fileParam(file.path),
      n: columns.length,
      max: REPORT_COLUMNS_MAX,
    })
  }
  const rows: string[][] = []
  for (let i = 0; i < Math.min(rowCount, offsets.length - 1); i++) {
    rows.push(fieldsBetween(offsets[i]!, offsets[i + 1]!))
  }
  return { columns, rows, headerFieldCount: scanner.headerFieldCount }
}

async function readAt(file: OpenCsvFile, position: number, length: number): Promise<Buffer> {
  try {
    const { buffer, bytesRead } = await file.handle.read(Buffer.alloc(length), 0, length, position)
    return buffer.subarray(0, bytesRead)
  } catch (error) {
    throw fileSystemError(file.path, error)
  }
}
