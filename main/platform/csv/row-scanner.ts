import { OffsetList } from './offset-list'
import { countOf, ProblemList } from './problem-list'
import { concat, isLineBreak } from './line-bytes'
import type { RowScan, RowScannerOptions } from './row-scan'
import { rowScanKernel, type RowScanKernel } from './row-scan-kernel'

const QUOTE = 0x22
const CR = 0x0d
const LF = 0x0a
const SPACE = 0x20
const TAB = 0x09
const BYTE_ORDER_MARK = [0xef, 0xbb, 0xbf]
const NO_BYTES = new Uint8Array(0)
/** The most bytes one call of `scan` reads (see `feed`). */
const SCAN_SLICE_BYTES = 64 * 1024
const FIRST_SLICE_BYTES = 1024
/**
 * After a call of the SIMD kernel that read no row, the state machine reads at least this many
 * bytes before the kernel tries again, twice as many after each such call in a row: in a file
 * of unusual rows throughout, the kernel's tries would only add to the state machine's work.
 */
const HANDOVER_BYTES = 256
const HANDOVER_DOUBLINGS_MAX = 8

// Where the scanner stands. Quotes follow papaparse: one opens a quoted field only at the start
// of a field, `""` inside it is a quote, and it closes only before a delimiter, a line break or
// the end (perhaps after spaces); anywhere else a quote is literal.
const BETWEEN_ROWS = 0
const FIELD_START = 1
const UNQUOTED = 2
const QUOTED = 3
const QUOTE_IN_QUOTED = 4
const SPACE_AFTER_QUOTE = 5

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
  private readonly starts: OffsetList
  private readonly problems: ProblemList
  private readonly kernel: RowScanKernel | null
  /** Calls of the kernel in a row that read no row. */
  private kernelMisses = 0
  private state = BETWEEN_ROWS
  /** The offset in the file of the next byte to scan. */
  private position = 0
  private line = 1
  private previousByte = -1
  private fields = 0
  private rowLine = 0
  private headerOffset = -1
  private headerFields = 0
  private rowIsHeader = false
  private contentEnd = 0
  private oddQuotes = 0
  /** The file's first bytes, held until it is known whether they are a byte order mark. */
  private headPending: Uint8Array | null = NO_BYTES

  constructor(options: RowScannerOptions) {
    this.delimiter = options.delimiter
    // Every row but the last ends with a line break after at least one byte: a file of n bytes
    // has at most n / 2 + 1 rows, and the offsets one more.
    this.starts = new OffsetList(
      options.fileSize === undefined ? undefined : Math.floor(options.fileSize / 2) + 2,
    )
    this.problems = new ProblemList(options.maxProblems)
    this.kernel = options.simd === false ? null : rowScanKernel()
    const { continueAt } = options
    if (continueAt) {
      this.position = continueAt.offset
      this.contentEnd = continueAt.offset
      this.headPending = null
      this.headerOffset = 0
      this.headerFields = continueAt.headerFieldCount
      this.previousByte = LF
    }
  }

  /** Where the header row starts, or -1 before it is found. */
  get headerStart(): number {
    return this.headerOffset
  }

  /** The header's fields, once its row has ended (0 before). */
  get headerFieldCount(): number {
    return this.headerFields
  }

  /**
   * Whether the bytes fed so far end between rows (after a row's line break, or blank lines),
   * the header already read: the rest of the file then scans alike, whatever came before.
   */
  get betweenRows(): boolean {
    return this.state === BETWEEN_ROWS && this.headPending === null && this.headerOffset >= 0
  }

  /** Problems found so far (all of them, kept or not). */
  get problemCount(): number {
    return this.problems.count
  }

  /** The line the next byte is on (from 1, or from where the scan continued). */
  get currentLine(): number {
    return this.line
  }

  /** Where each data row found so far starts (a view that the next feed may invalidate). */
  rowStarts(): Float64Array {
    return this.starts.view()
  }

  /** Scans the next bytes of the file. */
  feed(chunk: Uint8Array): void {
    const bytes = this.headPending === null ? chunk : this.afterByteOrderMark(chunk)
    // In slices, the first ones small: the first calls then run to their end, so the optimizing
    // compiler has seen every path of `scan` when it compiles it. (Compiled in the middle of one
    // long first call, its code after the loop had never run, and deoptimized at the end of
    // every later call.)
    for (let start = 0; start < bytes.length;) {
      const slice = this.position < SCAN_SLICE_BYTES ? FIRST_SLICE_BYTES : SCAN_SLICE_BYTES
      const end = Math.min(bytes.length, start + slice)
      this.scanSlice(bytes.subarray(start, end))
      start = end
    }
  }

  /** Ends the scan at the end of the file. */
  finish(): RowScan {
    if (this.headPending !== null) {
      const pending = this.headPending
      this.headPending = null
      this.scan(pending, false)
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
      oddQuoteCount: this.oddQuotes,
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

  /**
   * Scans a slice with the SIMD kernel (row-scan-kernel.ts) where it stands between rows, and
   * with the state machine (`scan`) wherever the kernel stops: the state machine reads on to the
   * end of a row (past the handover, after misses), and the kernel reads on from there.
   */
  private scanSlice(bytes: Uint8Array): void {
    const kernel = this.kernel
    if (!kernel || bytes.length > kernel.capacity) {
      this.scan(bytes, false)
      return
    }
    const base = this.position
    let loaded = false
    let handover = 0
    for (let i = 0; i < bytes.length;) {
      if (i >= handover && this.betweenRows) {
        if (!loaded) kernel.load(bytes)
        loaded = true
        const stop = this.takeKernelRows(kernel, bytes, base, i)
        this.kernelMisses = stop > i ? 0 : Math.min(this.kernelMisses + 1, HANDOVER_DOUBLINGS_MAX)
        if (stop === bytes.length) break
        handover = stop + (this.kernelMisses && HANDOVER_BYTES << this.kernelMisses)
        i = stop
      }
      if (i < handover) {
        const end = Math.min(bytes.length, handover)
        i += this.scan(bytes.subarray(i, end), false)
      } else {
        i += this.scan(bytes.subarray(i), true)
      }
    }
  }

  /** Has the kernel read the rows of the loaded `bytes` (at `base`) from `from`; returns its stop. */
  private takeKernelRows(kernel: RowScanKernel, bytes: Uint8Array, base: number, from: number) {
    const previousByte = from > 0 ? bytes[from - 1]! : this.previousByte
    kernel.scan(base, from, this.delimiter, this.headerFields, previousByte === CR)
    const stop = kernel.stop
    if (stop === from) return from
    this.starts.append(kernel.rowStarts.subarray(0, kernel.rows))
    this.contentEnd = base + kernel.contentEnd
    this.line += kernel.lineBreaks
    this.position = base + stop
    this.previousByte = bytes[stop - 1]!
    return stop
  }

  /**
   * The scan proper. The state machine is the one described above; the loops are arranged so
   * that the common bytes cost the least: the content of a quoted field runs in a loop that only
   * looks for a quote or a control byte, and a closing quote looks ahead for the `,"` that opens
   * the next quoted field (or the line break that ends the row) without going back out through
   * the state dispatch. Anything rare (spaces after a closing quote, a literal quote, a chunk
   * boundary right after a quote) takes the general path, one byte at a time.
   *
   * With `untilRowEnd`, it stops right after the line break that ends a row (for the kernel to
   * read on from there). Returns how many bytes it read.
   */
  private scan(bytes: Uint8Array, untilRowEnd: boolean): number {
    const delimiter = this.delimiter
    // Unquoted content stops only at a byte up to `low` (which takes in a delimiter below the
    // digits, as `,` and tab are) or at `highDelimiter` (`;`, `|`).
    const low = delimiter < 0x30 ? Math.max(delimiter, CR) : CR
    const highDelimiter = delimiter < 0x30 ? -1 : delimiter
    const base = this.position
    const end = bytes.length
    let state = this.state
    let line = this.line
    let fields = this.fields
    let i = 0
    scan: while (i < end) {
      let byte = bytes[i]!
      if (state === QUOTED) {
        for (;;) {
          // The field's content: stop only at a quote or a control byte (a line break?).
          while (byte > QUOTE) {
            if (++i === end) break scan
            byte = bytes[i]!
          }
          if (byte !== QUOTE) {
            if (byte > CR) {
              if (++i === end) break scan
              byte = bytes[i]!
              continue
            }
            if (isLineBreak(byte, i > 0 ? bytes[i - 1]! : this.previousByte)) line++
            if (++i === end) break scan
            byte = bytes[i]!
            continue
          }
          // A quote: doubled, it is one quote of the content; before a delimiter or a line
          // break, it closes the field. What follows is decided here when it is in this chunk.
          const after = i + 1
          if (after === end) {
            state = QUOTE_IN_QUOTED
            i = after
            break scan
          }
          byte = bytes[after]!
          if (byte === QUOTE) {
            i = after + 1
            if (i === end) break scan
            byte = bytes[i]!
            continue
          }
          if (byte === delimiter) {
            fields++
            i = after + 1
            if (i === end) {
              state = FIELD_START
              break scan
            }
            byte = bytes[i]!
            if (byte === QUOTE) {
              // The next field is quoted too: stay in this loop.
              if (++i === end) break scan
              byte = bytes[i]!
              continue
            }
            state = FIELD_START
            continue scan
          }
          // A line break ends the row (the general path below); anything else is handled there
          // as it follows a quote inside a quoted field.
          state = QUOTE_IN_QUOTED
          i = after
          continue scan
        }
      }
      if (state === UNQUOTED) {
        for (;;) {
          // The field's content: past every byte above the line breaks and the delimiter.
          while (byte > low && byte !== highDelimiter) {
            if (++i === end) break scan
            byte = bytes[i]!
          }
          if (byte === delimiter) {
            fields++
            if (++i === end) {
              state = FIELD_START
              break scan
            }
            byte = bytes[i]!
            if (byte === QUOTE || byte === delimiter || byte === CR || byte === LF) {
              state = FIELD_START
              continue scan
            }
            // The next field is unquoted and not empty: stay in this loop.
          } else if (byte === CR || byte === LF) {
            break
          } else if (byte === QUOTE) {
            this.oddQuotes++
          }
          if (++i === end) break scan
          byte = bytes[i]!
        }
      }
      if (byte === CR || byte === LF) {
        if (isLineBreak(byte, i > 0 ? bytes[i - 1]! : this.previousByte)) line++
        if (state !== BETWEEN_ROWS) {
          this.endRow(fields, base + i, false)
          state = BETWEEN_ROWS
          if (untilRowEnd) {
            i++
            break
          }
        }
        i++
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
      } else if (state === QUOTE_IN_QUOTED && byte === QUOTE) {
        // `""` cut by the end of a chunk: a quote of the content.
        state = QUOTED
      } else {
        // After a closing quote (and perhaps spaces), anything but a delimiter or a line break.
        this.oddQuotes++
        if (byte === SPACE || byte === TAB) state = SPACE_AFTER_QUOTE
        else if (byte === QUOTE) state = state === QUOTE_IN_QUOTED ? QUOTED : QUOTE_IN_QUOTED
        else state = QUOTED
      }
      i++
    }
    this.state = state
    this.line = line
    this.fields = fields
    this.position = base + i
    this.previousByte = bytes[i - 1]!
    return i
  }

  private startRow(offset: number, line: number): void {
    this.rowIsHeader = this.headerOffset < 0
    if (this.rowIsHeader) this.headerOffset = offset
    else this.starts.push(offset)
    this.rowLine = line
  }

  private endRow(fields: number, contentEnd: number, quoteOpen: boolean): void {
    this.contentEnd = contentEnd
    const isHeader = this.rowIsHeader
    if (isHeader) this.headerFields = fields
    const row = isHeader ? undefined : this.starts.length - 1
    if (quoteOpen) {
      this.problems.add(
        this.rowLine,
        'a quoted field is not closed before the end of the file',
        row,
      )
    } else if (!isHeader && fields !== this.headerFields) {
      this.problems.add(
        this.rowLine,
        `${countOf(fields, 'field')}, the header has ${this.headerFields}`,
        row,
      )
    }
  }
}
