import { closeSync, readSync, writeSync } from 'node:fs'
import { rowFields, type RowReader } from '../../platform/csv/row-fields'
import { reopenReportFileSync } from '../../platform/csv/regular-file'
import { createPrivateFileSync } from '../../platform/db/private-files'

const QUOTE = 0x22
const CR = 0x0d
const LF = 0x0a
const COMMA = 0x2c
const BYTE_ORDER_MARK = [0xef, 0xbb, 0xbf]

// Where the scan of a row stands (the row scanner's states, main/platform/csv/row-scanner.ts).
const FIELD_START = 1
const UNQUOTED = 2
const QUOTED = 3
const QUOTE_IN_QUOTED = 4

/** Reads of the file: large enough that the system calls cost nothing next to the scan. */
const READ_BYTES = 1024 * 1024
/** What is written to the target at a time. */
const WRITE_BYTES = 1024 * 1024
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
 * header left out. Rows are cut exactly where the row index cuts them (the row scanner's
 * states: papaparse's reading), and each value is the field as the window shows it (`rowFields`):
 * a missing field is empty, fields beyond the wanted ones are skipped. So DuckDB never reads
 * the report's own CSV, whose quirks it reads otherwise than papaparse, and reads only the
 * columns a query needs instead of every field of every row.
 *
 * Given a `range`, only the rows there are written (so that parts of a file are extracted in
 * parallel, each into its own target).
 *
 * Rows whose quotes are all plain (a quoted field holds `""` and closes before a delimiter, a
 * line break or the end) are copied byte for byte: a quoted field is already written the way
 * the target needs. Any other row (a quote inside a quoted field, spaces after a closing quote,
 * a quote left open at the end) is parsed by `rowFields` itself.
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
      const { range } = options
      const extractor = new ColumnExtractor(
        options.delimiter,
        options.columns,
        (bytes, length) => writeAll(output, bytes, length),
        range === undefined,
      )
      let buffer = Buffer.allocUnsafe(options.readBytes ?? READ_BYTES)
      // Bytes at the start of `buffer` not consumed yet: a row cut by the end of the last read.
      let kept = 0
      let position = range?.start ?? 0
      const end = range?.end ?? Infinity
      let sinceYield = 0
      for (;;) {
        if (kept === buffer.length) {
          // One row longer than the buffer: read it whole.
          const grown = Buffer.allocUnsafe(buffer.length * 2)
          buffer.copy(grown, 0, 0, kept)
          buffer = grown
        }
        const wanted = Math.min(buffer.length - kept, end - position)
        const bytesRead = wanted > 0 ? readSync(input, buffer, kept, wanted, position) : 0
        position += bytesRead
        const length = kept + bytesRead
        const consumed = extractor.scan(buffer, length, bytesRead === 0)
        if (bytesRead === 0) break
        buffer.copy(buffer, 0, consumed, length)
        kept = length - consumed
        sinceYield += bytesRead
        if (sinceYield >= YIELD_BYTES) {
          sinceYield = 0
          await new Promise((resolve) => setImmediate(resolve))
          const stop = options.stopped?.()
          if (stop) throw stop
        }
      }
      extractor.flush()
      return { rowCount: extractor.rowCount, lineBreaks: extractor.lineBreaks }
    } finally {
      closeSync(output)
    }
  } finally {
    closeSync(input)
  }
}

function writeAll(fd: number, bytes: Uint8Array, length: number): void {
  for (let done = 0; done < length;) done += writeSync(fd, bytes, done, length - done)
}

/** Scans rows out of bytes and writes the wanted fields of each. */
class ColumnExtractor {
  private readonly delimiter: number
  /** Unquoted content stops only at a byte up to `low` or at `highDelimiter` (as RowScanner). */
  private readonly low: number
  private readonly highDelimiter: number
  private readonly reader: RowReader
  /** For each column of the file up to the last wanted, its place among the wanted, or -1. */
  private readonly slotOf: Int32Array
  private readonly slots: number
  /** Where each wanted field of the current row starts and ends; -1: the row has no such field. */
  private readonly starts: Int32Array
  private readonly ends: Int32Array
  private readonly out = Buffer.allocUnsafe(WRITE_BYTES)
  private outLength = 0
  private atFileStart: boolean
  private headerDone: boolean
  rowCount = 0
  lineBreaks = false

  constructor(
    delimiter: string,
    private readonly columns: readonly number[],
    private readonly write: (bytes: Uint8Array, length: number) => void,
    /** Whether the bytes start at the start of the file (a byte order mark, the header). */
    wholeFile: boolean,
  ) {
    this.atFileStart = wholeFile
    this.headerDone = !wholeFile
    this.delimiter = delimiter.charCodeAt(0)
    this.low = this.delimiter < 0x30 ? Math.max(this.delimiter, CR) : CR
    this.highDelimiter = this.delimiter < 0x30 ? -1 : this.delimiter
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true })
    this.reader = { decode: (bytes) => decoder.decode(bytes), delimiter }
    const last = columns.reduce((max, column) => Math.max(max, column), -1)
    this.slotOf = new Int32Array(last + 1).fill(-1)
    columns.forEach((column, slot) => (this.slotOf[column] = slot))
    this.slots = columns.length
    this.starts = new Int32Array(this.slots)
    this.ends = new Int32Array(this.slots)
  }

  /**
   * Writes the rows of `bytes[0, length)` that end in it (all of them `atEnd`, the end of the
   * file) and returns how many bytes those take: the rest starts a row that goes on.
   */
  scan(bytes: Buffer, length: number, atEnd: boolean): number {
    let i = 0
    if (this.atFileStart) {
      if (length < BYTE_ORDER_MARK.length && !atEnd) return 0
      this.atFileStart = false
      if (BYTE_ORDER_MARK.every((byte, offset) => bytes[offset] === byte)) i = 3
    }
    for (;;) {
      // The line break that ended the last row, and blank lines (which are not rows).
      while (i < length && (bytes[i] === CR || bytes[i] === LF)) i++
      if (i === length) return length
      const end = this.row(bytes, i, length, atEnd)
      if (end < 0) return i
      i = end
    }
  }

  flush(): void {
    this.write(this.out, this.outLength)
    this.outLength = 0
  }

  /**
   * Scans the row starting at `start` and writes its wanted fields; returns where it ends (its
   * line break, or `length` at the end of the file), or -1 when it does not end in `length`.
   */
  private row(bytes: Buffer, start: number, length: number, atEnd: boolean): number {
    const { delimiter, low, highDelimiter, slotOf, starts } = this
    for (let slot = 0; slot < starts.length; slot++) starts[slot] = -1
    let field = 0
    let fieldStart = start
    let state = FIELD_START
    let plain = true
    let breakInField = false
    let i = start
    let byte = 0
    scan: for (;;) {
      if (i === length) {
        if (!atEnd) return -1
        // A quote still open at the end: papaparse's reading of it is its own.
        if (state === QUOTED) plain = false
        break
      }
      byte = bytes[i]!
      if (state === QUOTED) {
        while (byte > QUOTE) {
          if (++i === length) continue scan
          byte = bytes[i]!
        }
        if (byte === QUOTE) state = QUOTE_IN_QUOTED
        else if (byte === CR || byte === LF) breakInField = true
        i++
        continue
      }
      if (state === UNQUOTED) {
        while (byte > low && byte !== highDelimiter) {
          if (++i === length) continue scan
          byte = bytes[i]!
        }
        if (byte !== delimiter && byte !== CR && byte !== LF) {
          i++
          continue
        }
      }
      if (byte === CR || byte === LF || byte === delimiter) {
        // The field ends here (after a closing quote, when it is quoted).
        const slot = field < slotOf.length ? slotOf[field]! : -1
        if (slot >= 0) {
          starts[slot] = fieldStart
          this.ends[slot] = i
          if (breakInField) this.lineBreaks = true
        }
        if (byte !== delimiter) break
        field++
        fieldStart = i + 1
        breakInField = false
        // A quoted field next (`,"`), as most are: straight into it, a turn of the loop saved.
        if (i + 1 < length && bytes[i + 1] === QUOTE) {
          state = QUOTED
          i += 2
        } else {
          state = FIELD_START
          i++
        }
        continue
      }
      if (state === FIELD_START) {
        state = byte === QUOTE ? QUOTED : UNQUOTED
      } else if (byte === QUOTE && state === QUOTE_IN_QUOTED) {
        // `""`: a quote inside the field.
        state = QUOTED
      } else {
        // After a closing quote, anything but a delimiter or a line break: papaparse decides.
        return this.complexRow(bytes, start, length, atEnd)
      }
      i++
    }
    if (i === length && state !== QUOTED) {
      const slot = field < slotOf.length ? slotOf[field]! : -1
      if (slot >= 0) {
        starts[slot] = fieldStart
        this.ends[slot] = i
        if (breakInField) this.lineBreaks = true
      }
    }
    if (!plain) return this.complexRow(bytes, start, length, atEnd)
    this.emitPlain(bytes)
    return i
  }

  /**
   * A row papaparse reads in its own way: its end found with the row scanner's whole state
   * machine, its fields by `rowFields`.
   */
  private complexRow(bytes: Buffer, start: number, length: number, atEnd: boolean): number {
    const end = rowEnd(bytes, start, length, this.delimiter)
    if (end === length && !atEnd) return -1
    const terminated = end < length
    const fields = rowFields(
      bytes.subarray(start, terminated ? end + 1 : end),
      terminated,
      this.reader,
    )
    this.emitValues(this.columns.map((column) => fields[column] ?? ''))
    return end
  }

  private emitPlain(bytes: Buffer): void {
    if (this.headerDone) {
      for (let slot = 0; slot < this.slots; slot++) {
        if (slot > 0) this.put(COMMA)
        const start = this.starts[slot]!
        if (start < 0) this.putQuoted(bytes, 0, 0)
        else if (bytes[start] === QUOTE) this.putBytes(bytes, start, this.ends[slot]!)
        else this.putQuoted(bytes, start, this.ends[slot]!)
      }
      this.endLine()
    } else {
      // The header's line breaks are no value's.
      this.headerDone = true
      this.lineBreaks = false
    }
  }

  private emitValues(values: string[]): void {
    if (this.headerDone) {
      values.forEach((value, slot) => {
        if (slot > 0) this.put(COMMA)
        if (/[\r\n]/.test(value)) this.lineBreaks = true
        const bytes = Buffer.from(value)
        this.putQuoted(bytes, 0, bytes.length)
      })
      this.endLine()
    } else {
      // The header's line breaks are no value's.
      this.headerDone = true
      this.lineBreaks = false
    }
  }

  private endLine(): void {
    // With no column wanted, each row is one empty value: a line of its own, never blank.
    if (this.slots === 0) this.putQuoted(this.out, 0, 0)
    this.put(LF)
    this.rowCount++
  }

  /** `bytes[from, to)` as one quoted value, each quote in it doubled. */
  private putQuoted(bytes: Uint8Array, from: number, to: number): void {
    this.put(QUOTE)
    let copied = from
    for (let i = from; i < to; i++) {
      if (bytes[i] === QUOTE) {
        this.putBytes(bytes, copied, i + 1)
        copied = i
      }
    }
    this.putBytes(bytes, copied, to)
    this.put(QUOTE)
  }

  private putBytes(bytes: Uint8Array, from: number, to: number): void {
    if (this.outLength + (to - from) > this.out.length) this.flush()
    if (to - from > this.out.length) {
      this.write(bytes.subarray(from, to), to - from)
      return
    }
    const out = this.out
    let at = this.outLength
    // Values are short: a loop beats a native copy's call.
    for (let i = from; i < to; i++) out[at++] = bytes[i]!
    this.outLength = at
  }

  private put(byte: number): void {
    if (this.outLength === this.out.length) this.flush()
    this.out[this.outLength++] = byte
  }
}

const SPACE = 0x20
const TAB = 0x09
const SPACE_AFTER_QUOTE = 5

/**
 * Where the row that starts at `start` ends (its line break, or `length`): the row scanner's
 * state machine, byte by byte.
 */
function rowEnd(bytes: Uint8Array, start: number, length: number, delimiter: number): number {
  let state = FIELD_START
  for (let i = start; i < length; i++) {
    const byte = bytes[i]!
    if (state === QUOTED) {
      if (byte === QUOTE) state = QUOTE_IN_QUOTED
      continue
    }
    if (state === UNQUOTED) {
      if (byte === delimiter) state = FIELD_START
      else if (byte === CR || byte === LF) return i
      continue
    }
    if (byte === CR || byte === LF) return i
    if (byte === delimiter) state = FIELD_START
    else if (state === FIELD_START) state = byte === QUOTE ? QUOTED : UNQUOTED
    else if (byte === SPACE || byte === TAB) state = SPACE_AFTER_QUOTE
    else if (byte === QUOTE) state = state === QUOTE_IN_QUOTED ? QUOTED : QUOTE_IN_QUOTED
    else state = QUOTED
  }
  return length
}
