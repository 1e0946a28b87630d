/**
 * Just enough of PDF's object syntax (ISO 32000-1 §7.2–7.3) to read cross-reference sections,
 * trailers and the dictionaries of the catalog and page tree: values are parsed from a buffer
 * and anything malformed throws a PdfSyntaxError, never loops or recurses without bound.
 */

export class PdfSyntaxError extends Error {}
/** The bytes ended inside a value: a longer window of the file may hold all of it. */
export class PdfEndError extends PdfSyntaxError {}

export interface PdfName {
  name: string
}
export interface PdfRef {
  num: number
  gen: number
}
export type PdfDict = Map<string, PdfValue>
export type PdfValue = number | boolean | null | string | PdfName | PdfRef | PdfDict | PdfValue[]

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20])
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25])
/** Nesting deeper than this is no catalog, trailer or cross-reference dictionary. */
const MAX_DEPTH = 64

export const isWhitespace = (byte: number | undefined) => byte !== undefined && WHITESPACE.has(byte)
const isRegular = (byte: number | undefined) =>
  byte !== undefined && !WHITESPACE.has(byte) && !DELIMITERS.has(byte)

export const isName = (value: PdfValue | undefined, name: string): boolean =>
  typeof value === 'object' && value !== null && 'name' in value && value.name === name
export const isRef = (value: PdfValue | undefined): value is PdfRef =>
  typeof value === 'object' && value !== null && 'num' in value
export const isDict = (value: PdfValue | undefined): value is PdfDict => value instanceof Map
export const isNonNegativeInteger = (value: PdfValue | undefined): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 0

/** Reads PDF values from `bytes`, starting at `position`. */
export class PdfLexer {
  constructor(
    readonly bytes: Uint8Array,
    public position = 0,
  ) {}

  /** Skips white-space and comments. */
  skipSpace(): void {
    const { bytes } = this
    while (this.position < bytes.length) {
      const byte = bytes[this.position]!
      if (WHITESPACE.has(byte)) this.position++
      else if (byte === 0x25) {
        while (
          this.position < bytes.length &&
          bytes[this.position] !== 0x0a &&
          bytes[this.position] !== 0x0d
        ) {
          this.position++
        }
      } else return
    }
  }

  /** A keyword (obj, stream, trailer, xref…) or number, as text; '' at a delimiter or the end. */
  word(): string {
    this.skipSpace()
    const start = this.position
    while (isRegular(this.bytes[this.position])) this.position++
    return Buffer.from(this.bytes.subarray(start, this.position)).toString('latin1')
  }

  /** Whether `keyword` comes next; reads it if so. */
  accept(keyword: string): boolean {
    const start = this.position
    if (this.word() === keyword) return true
    this.position = start
    return false
  }

  expect(keyword: string): void {
    if (!this.accept(keyword)) throw this.error(`expected "${keyword}"`)
  }

  /** `num gen obj`: an indirect object's header. */
  objectHeader(): PdfRef {
    const num = Number(this.word())
    const gen = Number(this.word())
    if (!isNonNegativeInteger(num) || !isNonNegativeInteger(gen) || !this.accept('obj')) {
      throw this.error('expected "<number> <generation> obj"')
    }
    return { num, gen }
  }

  value(depth = 0): PdfValue {
    if (depth > MAX_DEPTH) throw this.error('objects nested too deeply')
    this.skipSpace()
    const { bytes } = this
    const byte = bytes[this.position]
    if (byte === undefined) throw this.error('unexpected end')
    if (byte === 0x2f) return this.name()
    if (byte === 0x28) return this.literalString()
    if (byte === 0x3c && bytes[this.position + 1] === 0x3c) return this.dict(depth)
    if (byte === 0x3c) return this.hexString()
    if (byte === 0x5b) {
      this.position++
      const items: PdfValue[] = []
      for (;;) {
        this.skipSpace()
        if (bytes[this.position] === 0x5d) {
          this.position++
          return items
        }
        items.push(this.value(depth + 1))
      }
    }
    const start = this.position
    const word = this.word()
    if (word === 'true' || word === 'false') return word === 'true'
    if (word === 'null') return null
    const number = /^[+-]?(\d+\.?\d*|\.\d+)$/.test(word) ? Number(word) : NaN
    if (Number.isNaN(number)) {
      this.position = start
      throw this.error(`unexpected "${word || String.fromCharCode(byte)}"`)
    }
    // `num gen R` is a reference; any other integer stays a number.
    if (isNonNegativeInteger(number)) {
      const after = this.position
      const gen = Number(this.word())
      if (isNonNegativeInteger(gen) && this.accept('R')) return { num: number, gen }
      this.position = after
    }
    return number
  }

  dict(depth = 0): PdfDict {
    this.skipSpace()
    if (this.bytes[this.position] !== 0x3c || this.bytes[this.position + 1] !== 0x3c) {
      throw this.error('expected a dictionary ("<<")')
    }
    this.position += 2
    const dict: PdfDict = new Map()
    for (;;) {
      this.skipSpace()
      if (this.bytes[this.position] === 0x3e && this.bytes[this.position + 1] === 0x3e) {
        this.position += 2
        return dict
      }
      const key = this.value(depth + 1)
      if (typeof key !== 'object' || key === null || !('name' in key)) {
        throw this.error('expected a name as dictionary key')
      }
      dict.set(key.name, this.value(depth + 1))
    }
  }

  private name(): PdfName {
    this.position++
    const start = this.position
    while (isRegular(this.bytes[this.position])) this.position++
    const raw = Buffer.from(this.bytes.subarray(start, this.position)).toString('latin1')
    return {
      name: raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) =>
        String.fromCharCode(parseInt(hex, 16)),
      ),
    }
  }

  /** A (literal string): its bytes matter to no check, so only its extent is read. */
  private literalString(): string {
    const { bytes } = this
    const start = ++this.position
    let open = 1
    while (this.position < bytes.length) {
      const byte = bytes[this.position++]
      if (byte === 0x5c) this.position++
      else if (byte === 0x28) open++
      else if (byte === 0x29 && --open === 0) {
        return Buffer.from(bytes.subarray(start, this.position - 1)).toString('latin1')
      }
    }
    throw this.error('a string is not closed')
  }

  private hexString(): string {
    const end = this.bytes.indexOf(0x3e, this.position)
    if (end < 0) {
      this.position = this.bytes.length
      throw this.error('a hex string is not closed')
    }
    const text = Buffer.from(this.bytes.subarray(this.position + 1, end)).toString('latin1')
    this.position = end + 1
    return text
  }

  error(problem: string): PdfSyntaxError {
    const message = `${problem} at byte ${this.position}`
    return this.position >= this.bytes.length
      ? new PdfEndError(message)
      : new PdfSyntaxError(message)
  }
}
