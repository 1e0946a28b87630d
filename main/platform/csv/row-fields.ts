import Papa from 'papaparse'
import type { BytesToText } from './charset'

const CR = 0x0d
const LF = 0x0a

/** Reads rows cut out of a file by the row scanner's offsets. */
export interface RowReader {
  decode: BytesToText
  delimiter: string
}

/**
 * The fields of one row: `bytes` runs from the row's start to the next row's start (or, for the
 * last row, to the end of its content). `terminated` tells whether a line break ended the row,
 * false only for a last row cut by the end of the file.
 *
 * Each row is parsed on its own, so one row id always gives one row, whatever its quotes. Its
 * line break goes back in as `\n`: papaparse treats a closing quote followed by spaces
 * differently before a line break and at the end of its input.
 */
export function rowFields(bytes: Uint8Array, terminated: boolean, reader: RowReader): string[] {
  const text = rowText(bytes, terminated, reader)
  const { data } = Papa.parse<string[]>(text, {
    delimiter: reader.delimiter,
    newline: '\n',
    quoteChar: '"',
    header: false,
    fastMode: false,
  })
  // The line break put back leaves an empty last row; anything else papaparse split off stays.
  const last = data[data.length - 1]
  if (terminated && data.length > 1 && last?.length === 1 && last[0] === '') data.pop()
  return data.length === 1 ? data[0]! : data.flat()
}

/** The row's text, its line breaks at the end (and any blank lines after it) as one `\n`. */
function rowText(bytes: Uint8Array, terminated: boolean, reader: RowReader): string {
  let end = bytes.length
  if (terminated) while (end > 0 && (bytes[end - 1] === LF || bytes[end - 1] === CR)) end--
  return reader.decode(bytes.subarray(0, end)) + (terminated ? '\n' : '')
}

/** A row's bytes, as `rowFields` takes them. */
export interface RowBytes {
  bytes: Uint8Array
  terminated: boolean
}

/**
 * The fields of consecutive rows of a file, each read as `rowFields` reads it, in one papaparse
 * pass (papaparse's set-up costs more than a short row). When the pass does not give one row per
 * row (a row papaparse would split), each row is parsed on its own after all.
 */
export function rowsFields(rows: readonly RowBytes[], reader: RowReader): string[][] {
  const texts = rows.map(({ bytes, terminated }) => rowText(bytes, terminated, reader))
  const { data } = Papa.parse<string[]>(texts.join(''), {
    delimiter: reader.delimiter,
    newline: '\n',
    quoteChar: '"',
    header: false,
    fastMode: false,
  })
  if (rows.at(-1)?.terminated && data.length === rows.length + 1 && isEmptyRow(data.at(-1)!)) {
    data.pop()
  }
  if (data.length === rows.length) return data
  return rows.map(({ bytes, terminated }) => rowFields(bytes, terminated, reader))
}

function isEmptyRow(row: string[]): boolean {
  return row.length === 1 && row[0] === ''
}
