const QUOTE = 0x22
const CR = 0x0d
const LF = 0x0a

/**
 * Splits rows whose end the row scanner found into their wanted fields, when all the row's
 * quotes are plain: a quoted field opens a field, holds `""` for a quote and closes right before
 * a delimiter or the row's end. Such a field's bytes are already a quoted CSV value. Any other
 * row (text after a closing quote, a quote left open) is refused: papaparse's reading of it is
 * its own, so `rowFields` reads it. Not a row scanner: the row's end is known, only its
 * delimiters are looked for.
 */
export class PlainFields {
  /** For each column of the file up to the last wanted, its place among the wanted, or -1. */
  private readonly slotOf: Int32Array
  /** Where each wanted field of the last row split starts and ends; start -1: it has none. */
  readonly starts: Int32Array
  readonly ends: Int32Array
  /** Whether a wanted quoted field of the last row split holds a line break. */
  lineBreak = false

  constructor(
    private readonly delimiter: number,
    columns: readonly number[],
  ) {
    const last = columns.reduce((max, column) => Math.max(max, column), -1)
    this.slotOf = new Int32Array(last + 1).fill(-1)
    columns.forEach((column, slot) => (this.slotOf[column] = slot))
    this.starts = new Int32Array(columns.length)
    this.ends = new Int32Array(columns.length)
  }

  /** Splits the row `bytes[from, to)` (its content, no line break); false when it is not plain. */
  split(bytes: Uint8Array, from: number, to: number): boolean {
    const { delimiter, slotOf, starts, ends } = this
    starts.fill(-1)
    this.lineBreak = false
    let i = from
    for (let field = 0; field < slotOf.length; field++) {
      const start = i
      const slot = slotOf[field]!
      if (i < to && bytes[i] === QUOTE) {
        for (i++; ; i++) {
          if (i >= to) return false
          const byte = bytes[i]!
          if (byte === QUOTE) {
            if (i + 1 >= to || bytes[i + 1] !== QUOTE) break
            i++
          } else if ((byte === CR || byte === LF) && slot >= 0) {
            this.lineBreak = true
          }
        }
        i++
        if (i < to && bytes[i] !== delimiter) return false
      } else {
        while (i < to && bytes[i] !== delimiter) i++
      }
      if (slot >= 0) {
        starts[slot] = start
        ends[slot] = i
      }
      if (i >= to) break
      i++
    }
    return true
  }
}
