import type { ReportProblem } from '../../preload/contract/report-view'
import { OffsetList } from './offset-list'
import { ProblemList } from './problem-list'

const QUOTE = 0x22
const CR = 0x0d
const LF = 0x0a
const SPACE = 0x20
const TAB = 0x09
const BYTE_ORDER_MARK = [0xef, 0xbb, 0xbf]
const NO_BYTES = new Uint8Array(0)

// Where the scanner stands. Quotes follow papaparse: one opens a quoted field only at the start
// of a field, `""` inside it is a quote, and it closes only before a delimiter, a line break or
// the end (perhaps after spaces); anywhere else a quote is literal.
const BETWEEN_ROWS = 0
const FIELD_START = 1
const UNQUOTED = 2
const QUOTED = 3
const QUOTE_IN_QUOTED = 4
const SPACE_AFTER_QUOTE = 5

/** Where the rows of a CSV file are, and what does not read cleanly. */
export interface RowScan {
  /**
   * The byte offset where each data row starts, then one more: where the last row's content
   * ends (before its line break). So row i is bytes [offsets[i], offsets[i + 1]) less the line
   * breaks at its end, and `offsets.length` is `rowCount + 1`.
   */
  offsets: Float64Array
  rowCount: number
  /** Fields in the header row; 0 when the file has no row at all. */
  headerFieldCount: number
  /** The first problems, by the line where their row starts. */
  problems: ReportProblem[]
  /** All problems, including those not kept. */
  problemCount: number
}

export interface RowScannerOptions {
  /** The delimiter's byte: an ASCII character other than a quote or a line break. */
  delimiter: number
  maxProblems: number
}

/**
 * Finds where every row of a CSV file starts, fed the file's bytes chunk by chunk. Written by
 * hand because no parser indexes bytes: they all decode to strings, which a large file cannot be.
 *
 * Rows end at CR, LF or CRLF outside quotes, even mixed in one file. Blank lines are not rows: a
 * line with no byte at all is skipped (a line holding `""` is a row with one empty field). The
 * first row is the header; a UTF-8 byte order mark before it is skipped. Only ASCII-compatible
 * encodings can be scanned (UTF-8, windows-1251, KOI8-R, ISO-8859-x…).
 */
export class RowScanner {
  private readonly delimiter: number
  private readonly starts = new OffsetList()
  private readonly problems: ProblemList
  private state = BETWEEN_ROWS
  /** The offset in the file of the next byte to scan. */
  private position = 0
  private line = 1
  private previousByte = -1
  private fields = 0
  private rowLine = 0
  private headerOffset = -1
  private headerFields = 0
  private contentEnd = 0
  /** The file's first bytes, held until it is known whether they are a byte order mark. */
  private headPending: Uint8Array | null = NO_BYTES

  constructor(options: RowScannerOptions) {
    this.delimiter = options.delimiter
    this.problems = new ProblemList(options.maxProblems)
  }

  /** Where the header row starts, or -1 before it is found. */
  get headerStart(): number {
    return this.headerOffset
  }

  /** Where each data row found so far starts (a view that the next feed may invalidate). */
  rowStarts(): Float64Array {
    return this.starts.view()
  }

  /** Scans the next bytes of the file. */
  feed(chunk: Uint8Array): void {
    const bytes = this.headPending === null ? chunk : this.afterByteOrderMark(chunk)
    if (bytes.length > 0) this.scan(bytes)
  }

  /** Ends the scan at the end of the file. */
  finish(): RowScan {
    if (this.headPending !== null) {
      const pending = this.headPending
      this.headPending = null
      this.scan(pending)
    }
    if (this.state !== BETWEEN_ROWS) {
      this.endRow(this.fields, this.position, this.state === QUOTED)
      this.state = BETWEEN_ROWS
    }
    const rowCount = this.starts.length
    this.starts.push(this.contentEnd)
    return {
      offsets: this.starts.toArray(),
      rowCount,
      headerFieldCount: this.headerFields,
      problems: this.problems.kept,
      problemCount: this.problems.count,
    }
  }

  private afterByteOrderMark(chunk: Uint8Array): Uint8Array {
    const head = this.headPending!.length === 0 ? chunk : concat(this.headPending!, chunk)
    let matched = 0
    while (matched < 3 && matched < head.length && head[matched] === BYTE_ORDER_MARK[matched]) {
      matched++
    }
    if (matched === head.length && matched < 3) {
      this.headPending = head
      return NO_BYTES
    }
    this.headPending = null
    if (matched < 3) return head
    this.position = 3
    return head.subarray(3)
  }

  private scan(bytes: Uint8Array): void {
    const delimiter = this.delimiter
    const base = this.position
    const end = bytes.length
    let state = this.state
    let line = this.line
    let fields = this.fields
    scan: for (let i = 0; i < end; i++) {
      let byte = bytes[i]!
      if (state === QUOTED) {
        while (byte !== QUOTE) {
          if (byte <= CR && isLineBreak(byte, i > 0 ? bytes[i - 1]! : this.previousByte)) line++
          if (++i === end) break scan
          byte = bytes[i]!
        }
        state = QUOTE_IN_QUOTED
        continue
      }
      if (state === UNQUOTED) {
        while (byte !== delimiter && byte !== CR && byte !== LF) {
          if (++i === end) break scan
          byte = bytes[i]!
        }
      }
      if (byte === CR || byte === LF) {
        if (isLineBreak(byte, i > 0 ? bytes[i - 1]! : this.previousByte)) line++
        if (state !== BETWEEN_ROWS) {
          this.endRow(fields, base + i, false)
          state = BETWEEN_ROWS
        }
        continue
      }
      if (state === BETWEEN_ROWS) {
        this.startRow(base + i, line)
        fields = 1
        state = FIELD_START
      }
      if (byte === delimiter) {
        fields++
        state = FIELD_START
      } else if (state === FIELD_START) {
        state = byte === QUOTE ? QUOTED : UNQUOTED
      } else if (byte === SPACE || byte === TAB) {
        state = SPACE_AFTER_QUOTE
      } else if (byte === QUOTE) {
        // After a quote, a second one is an escaped quote; after spaces, it may close the field.
        state = state === QUOTE_IN_QUOTED ? QUOTED : QUOTE_IN_QUOTED
      } else {
        state = QUOTED
      }
    }
    this.state = state
    this.line = line
    this.fields = fields
    this.position = base + end
    this.previousByte = bytes[end - 1]!
  }

  private startRow(offset: number, line: number): void {
    if (this.headerOffset < 0) this.headerOffset = offset
    else this.starts.push(offset)
    this.rowLine = line
  }

  private endRow(fields: number, contentEnd: number, quoteOpen: boolean): void {
    this.contentEnd = contentEnd
    const isHeader = this.starts.length === 0
    if (isHeader) this.headerFields = fields
    if (quoteOpen) {
      this.problems.add(this.rowLine, 'a quoted field is not closed before the end of the file')
    } else if (!isHeader && fields !== this.headerFields) {
      this.problems.add(
        this.rowLine,
        `${countOf(fields, 'field')}, the header has ${this.headerFields}`,
      )
    }
  }
}

/** Whether `byte` starts a line break: a CR, or an LF that does not end a CRLF. */
function isLineBreak(byte: number, previousByte: number): boolean {
  return byte === CR || (byte === LF && previousByte !== CR)
}

function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}

function concat(first: Uint8Array, second: Uint8Array): Uint8Array {
  const joined = new Uint8Array(first.length + second.length)
  joined.set(first)
  joined.set(second, first.length)
  return joined
}
