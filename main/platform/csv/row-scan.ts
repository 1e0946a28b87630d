import type { ReportProblem } from '../../../preload/contract/reports/report-view'

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
  /**
   * Quotes papaparse reads in a way of its own: one inside an unquoted field (`5" screen`,
   * ` "a"`), or anything but a delimiter or a line break after a closing quote (`"x"y`, `"x" ,`).
   * A file without them (and without problems) reads alike in any RFC 4180 reader, DuckDB's too.
   */
  oddQuoteCount: number
}

export interface RowScannerOptions {
  /** The delimiter's byte: an ASCII character other than a quote or a line break. */
  delimiter: number
  maxProblems: number
  /**
   * The size of the whole file, when known: the row starts then go into a buffer reserved for
   * as many rows as the file can hold, which grows in place (see OffsetList).
   */
  fileSize?: number
  /**
   * Scan from this offset of the file on, where a row starts after a line break (the bytes fed
   * start there), the header, of this many fields, being before it. Lines are counted from 1
   * there: the caller adds the lines before.
   */
  continueAt?: { offset: number; headerFieldCount: number }
  /** False: the state machine alone, without the SIMD kernel (tests compare the two). */
  simd?: boolean
}
