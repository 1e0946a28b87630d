import { closeSync, readSync, writeSync } from 'node:fs'
import { rowFields, type RowReader } from '../../platform/csv/row-fields'
import { RowScanner } from '../../platform/csv/row-scanner'
import { reopenReportFileSync } from '../../platform/csv/regular-file'
import { createPrivateFileSync } from '../../platform/db/private-files'
import { ExtractionWriter } from './extraction-writer'
import { PlainFields } from './plain-fields'

const CR = 0x0d
const LF = 0x0a

/** Reads of the file: large enough that the system calls cost nothing next to the scan. */
const READ_BYTES = 1024 * 1024
/** The extraction lets other work in (a cancel) after about this many bytes read. */
const YIELD_BYTES = 16 * 1024 * 1024

export interface ExtractOptions {
  delimiter: string
  /** The columns to extract, in the order they are written. */
  columns: readonly number[]
  /** Asked now and then: when it gives an error, the extraction stops and rejects with it. */
  stopped?: () => Error | null
  /**
   * Only bytes [start, end) of the file, which start where a data row starts and end where
   * another does (or at the end of the file): the rows there are all data rows.
   */
  range?: { start: number; end: number }
  /** Bytes per read of the file (tests make it tiny, to cut rows everywhere). */
  readBytes?: number
}

export interface ExtractedColumns {
  /** Data rows written: every row of the file but the header. */
  rowCount: number
  /** Whether some value holds a line break (which keeps DuckDB from reading it in parallel). */
  lineBreaks: boolean
}

/**
 * Writes `columns` of every data row of the UTF-8 CSV `file` to `target`, for DuckDB to load:
 * one line per row in file order, each value quoted (`"` doubled), separated by commas, the
 * header left out. The rows are the row index's own: the row scanner (the one state machine
 * that cuts a file into rows) finds them, and each value is the field as the window shows it: a
 * row whose quotes are all plain is split by `plainFields`, any other goes to `rowFields`
 * (papaparse's reading, as the window's). A missing field is empty; fields beyond the wanted
 * ones are skipped. So DuckDB never reads the report's own CSV, whose quirks it reads otherwise
 * than papaparse, and reads only the columns a query needs.
 *
 * Given a `range`, only the rows there are written (so that parts of a file are extracted in
 * parallel, each into its own target).
 */
export async function extractColumns(
  file: string,
  target: string,
  options: ExtractOptions,
): Promise<ExtractedColumns> {
  const input = reopenReportFileSync(file)
  try {
    // A new file of the load's own folder: never one someone made (or linked) there first.
    const output = createPrivateFileSync(target)
    try {
      const writer = new ExtractionWriter(options.columns.length, (bytes, length) =>
        writeAll(output, bytes, length),
      )
      await extractRows(input, options, writer)
      writer.flush()
      return { rowCount: writer.rowCount, lineBreaks: writer.lineBreaks }
    } finally {
      closeSync(output)
    }
  } finally {
    closeSync(input)
  }
}

/** Reads the file (or its range) and writes each row as soon as the scanner has seen it end. */
async function extractRows(input: number, options: ExtractOptions, writer: ExtractionWriter) {
  const { range, columns } = options
  const delimiter = options.delimiter.charCodeAt(0)
  const scanner = new RowScanner({
    delimiter,
    // Problems are the index's to report; here only rows are wanted.
    maxProblems: 0,
    ...(range && { continueAt: { offset: range.start, headerFieldCount: 0 } }),
  })
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true })
  const reader: RowReader = {
    decode: (bytes) => decoder.decode(bytes),
    delimiter: options.delimiter,
  }
  const readBytes = options.readBytes ?? READ_BYTES
  /** Bytes from `heldFrom` on: the rows not written yet. */
  let held = Buffer.alloc(0)
  let heldFrom = range?.start ?? 0
  let written = 0
  let position = range?.start ?? 0
  const end = range?.end ?? Infinity

  const plain = new PlainFields(delimiter, columns)
  /** Writes the row that runs from `start` to `next` (its line breaks and blank lines included). */
  const writeRow = (start: number, next: number, terminated: boolean) => {
    const from = start - heldFrom
    let to = next - heldFrom
    if (terminated) while (to > from && isLineBreak(held[to - 1]!)) to--
    if (plain.split(held, from, to)) {
      writer.writePlain(held, plain)
    } else {
      const fields = rowFields(held.subarray(from, next - heldFrom), terminated, reader)
      writer.writeValues(columns.map((column) => fields[column] ?? ''))
    }
  }

  let sinceYield = 0
  for (;;) {
    const wanted = Math.min(readBytes, end - position)
    // A buffer of its own each time: the scanner may hold on to the bytes it was fed.
    const chunk = Buffer.allocUnsafe(Math.max(wanted, 0))
    const bytesRead = wanted > 0 ? readSync(input, chunk, 0, wanted, position) : 0
    if (bytesRead === 0) break
    position += bytesRead
    const fresh = chunk.subarray(0, bytesRead)
    scanner.feed(fresh)
    held = Buffer.concat([held, fresh])
    const starts = scanner.rowStarts()
    // A row is whole once the next one has started.
    for (; written + 1 < starts.length; written++)
      writeRow(starts[written]!, starts[written + 1]!, true)
    if (written < starts.length) {
      held = held.subarray(starts[written]! - heldFrom)
      heldFrom = starts[written]!
    }
    sinceYield += bytesRead
    if (sinceYield >= YIELD_BYTES) {
      sinceYield = 0
      await new Promise((resolve) => setImmediate(resolve))
      const stop = options.stopped?.()
      if (stop) throw stop
    }
  }
  const { offsets, rowCount } = scanner.finish()
  // The last row: it ends where its content does, a line break after it or not.
  for (; written < rowCount; written++) {
    const next = offsets[written + 1]!
    writeRow(offsets[written]!, next, next < position)
  }
}

const isLineBreak = (byte: number) => byte === CR || byte === LF

function writeAll(fd: number, bytes: Uint8Array, length: number): void {
  for (let done = 0; done < length;) done += writeSync(fd, bytes, done, length - done)
}
