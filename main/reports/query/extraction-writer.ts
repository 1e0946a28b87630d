import type { PlainFields } from './plain-fields'

const QUOTE = 0x22
const LF = 0x0a
const COMMA = 0x2c
/** What is written to the target at a time. */
const WRITE_BYTES = 1024 * 1024

/**
 * Writes extracted rows as DuckDB loads them: one line per row, each value quoted (`"` doubled),
 * separated by commas, buffered into large writes.
 */
export class ExtractionWriter {
  private readonly out = Buffer.allocUnsafe(WRITE_BYTES)
  private outLength = 0
  rowCount = 0
  lineBreaks = false

  constructor(
    private readonly slots: number,
    private readonly write: (bytes: Uint8Array, length: number) => void,
  ) {}

  /** A plain row's wanted fields, a quoted one copied as it is (it is already a quoted value). */
  writePlain(bytes: Uint8Array, fields: PlainFields): void {
    if (fields.lineBreak) this.lineBreaks = true
    for (let slot = 0; slot < this.slots; slot++) {
      if (slot > 0) this.put(COMMA)
      const start = fields.starts[slot]!
      if (start < 0) this.putQuoted(bytes, 0, 0)
      else if (bytes[start] === QUOTE) this.putBytes(bytes, start, fields.ends[slot]!)
      else this.putQuoted(bytes, start, fields.ends[slot]!)
    }
    this.endLine()
  }

  /** A row's wanted values as papaparse read them. */
  writeValues(values: readonly string[]): void {
    values.forEach((value, slot) => {
      if (slot > 0) this.put(COMMA)
      if (/[\r\n]/.test(value)) this.lineBreaks = true
      const bytes = Buffer.from(value)
      this.putQuoted(bytes, 0, bytes.length)
    })
    this.endLine()
  }

  flush(): void {
    this.write(this.out, this.outLength)
    this.outLength = 0
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
