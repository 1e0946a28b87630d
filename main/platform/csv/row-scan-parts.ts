import type { ReportProblem } from '../../../preload/contract/reports/report-view'
import type { RowScan } from './row-scan'
import { RowScanner } from './row-scanner'

const CR = 0x0d
const LF = 0x0a

/** Line breaks tried as a cut, and the bytes after each that must read as whole rows. */
const CUT_CANDIDATES = 32
const CUT_CHECK_BYTES = 16 * 1024
const CUT_CHECK_ROWS = 3

/**
 * Where a file may be cut to scan its two parts at once: right after a line break in `bytes`
 * (read at offset `base`) and the line breaks after it, or null when there is none in them.
 * The cut is a guess: a line break inside a quoted field looks alike. Given the file's
 * `delimiter` and header, it prefers the first line break after which a few rows read whole
 * (as many fields as the header: one inside a quoted field soon reads otherwise), else takes
 * the first. The scan of the first part tells whether it was right (RowScanner.betweenRows).
 */
export function cutAfterLineBreak(
  bytes: Uint8Array,
  base: number,
  file?: { delimiter: number; headerFieldCount: number },
): number | null {
  let first: number | null = null
  let i = 0
  for (let candidate = 0; candidate < CUT_CANDIDATES; candidate++) {
    while (i < bytes.length && bytes[i] !== CR && bytes[i] !== LF) i++
    while (i < bytes.length && (bytes[i] === CR || bytes[i] === LF)) i++
    if (i >= bytes.length) break
    first ??= i
    if (!file || readsAsRows(bytes.subarray(i, i + CUT_CHECK_BYTES), base + i, file)) {
      return base + i
    }
  }
  return first === null ? null : base + first
}

/** Whether `bytes`, read from a row start at `offset`, hold a few rows, all whole. */
function readsAsRows(
  bytes: Uint8Array,
  offset: number,
  file: { delimiter: number; headerFieldCount: number },
): boolean {
  const scanner = new RowScanner({
    delimiter: file.delimiter,
    maxProblems: 0,
    continueAt: { offset, headerFieldCount: file.headerFieldCount },
  })
  scanner.feed(bytes)
  return scanner.problemCount === 0 && scanner.rowStarts().length > CUT_CHECK_ROWS
}

/**
 * The scan of a whole file from the scans of its two parts: `first`, of the bytes before the
 * cut, which ended between rows on line `cutLine`, and `rest`, of the bytes from the cut on,
 * which counted lines from 1. The first part's offsets buffer is reused when it can grow.
 */
export function joinScans(
  first: RowScan,
  cutLine: number,
  rest: RowScan,
  maxProblems: number,
): RowScan {
  const problems: ReportProblem[] = [
    ...first.problems,
    ...rest.problems.map(({ line, row, message }) => ({
      line: line + cutLine - 1,
      ...(row === undefined ? {} : { row: row + first.rowCount }),
      message,
    })),
  ].slice(0, maxProblems)
  const problemCount = first.problemCount + rest.problemCount
  const oddQuoteCount = first.oddQuoteCount + rest.oddQuoteCount
  if (rest.rowCount === 0) return { ...first, problems, problemCount, oddQuoteCount }
  const rowCount = first.rowCount + rest.rowCount
  const offsets = grown(first.offsets, rowCount + 1)
  offsets.set(rest.offsets, first.rowCount)
  const { headerFieldCount } = first
  return { offsets, rowCount, headerFieldCount, problems, problemCount, oddQuoteCount }
}

/** ES2024's resizable ArrayBuffer, newer than this project's TypeScript lib. */
interface ResizableBuffer extends ArrayBuffer {
  readonly resizable: boolean
  readonly maxByteLength: number
  resize(byteLength: number): void
}

/** `offsets` with room for `length`: in its own buffer grown in place when it can, else a copy. */
function grown(offsets: Float64Array, length: number): Float64Array {
  const buffer = offsets.buffer as ResizableBuffer
  const bytes = length * Float64Array.BYTES_PER_ELEMENT
  if (buffer.resizable && offsets.byteOffset === 0 && buffer.maxByteLength >= bytes) {
    buffer.resize(bytes)
    return new Float64Array(buffer, 0, length)
  }
  const copy = new Float64Array(length)
  copy.set(offsets.subarray(0, Math.min(offsets.length, length)))
  return copy
}
