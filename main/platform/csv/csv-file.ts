import type { FileHandle } from 'node:fs/promises'
import { bytesToText } from './charset'
import type { CsvFormat } from './csv-format'
import type { RowReader } from './row-fields'

/** A CSV file open for reading rows: one handle per open report, closed by its owner. */
export interface OpenCsvFile {
  path: string
  handle: FileHandle
  /** The format of the bytes at `path` (for a transcoded copy: UTF-8, no byte order mark). */
  format: CsvFormat
}

export function rowReader(format: CsvFormat): RowReader {
  return { decode: bytesToText(format.encoding), delimiter: format.delimiter }
}
