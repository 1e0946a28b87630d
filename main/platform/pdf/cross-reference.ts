import { WINDOW_BYTES, type PdfFile } from './pdf-file'
import {
  isName,
  isNonNegativeInteger,
  PdfSyntaxError,
  type PdfDict,
  type PdfLexer,
  type PdfValue,
} from './pdf-syntax'

/** PDF's limit on indirect objects (ISO 32000-1 Annex C): a table naming more is no real one. */
export const MAX_OBJECTS = 8_388_607
/** Incremental updates a file may carry before its /Prev chain is taken for a loop. */
const MAX_SECTIONS = 1000
const UNSET = 255

export type EntryType = 0 | 1 | 2

/**
 * A PDF's cross-reference entries (§7.5.4, §7.5.8.3), newest first: an object's entry in a later
 * update hides its older ones. Kept in typed arrays, so even PDF's limit stays small in memory.
 * For type 1 (in use) `first` is the byte offset and `second` the generation; for type 2 (in an
 * object stream) they are the stream's object number and the index within it.
 */
export class CrossReference {
  types = new Uint8Array(0).fill(UNSET)
  first = new Float64Array(0)
  second = new Uint32Array(0)
  /** The newest trailer (or cross-reference stream dictionary). */
  trailer: PdfDict = new Map()

  get length(): number {
    return this.types.length
  }

  type(num: number): EntryType | null {
    const type = this.types[num]
    return type === undefined || type === UNSET ? null : (type as EntryType)
  }

  /** Notes an entry unless a newer section already gave this object one. */
  add(num: number, type: number, first: number, second: number): void {
    if (num >= MAX_OBJECTS) throw new PdfSyntaxError(`object number ${num} is beyond PDF's limit`)
    if (type > 2) return // §7.5.8.3: other types are references to the null object
    if (num >= this.types.length) this.grow(num + 1)
    if (this.types[num] !== UNSET) return
    this.types[num] = type
    this.first[num] = first
    this.second[num] = second
  }

  private grow(needed: number): void {
    const length = Math.min(MAX_OBJECTS, Math.max(needed, this.types.length * 2))
    const types = new Uint8Array(length).fill(UNSET)
    types.set(this.types)
    const first = new Float64Array(length)
    first.set(this.first)
    const second = new Uint32Array(length)
    second.set(this.second)
    Object.assign(this, { types, first, second })
  }
}

/** Where the last `startxref` says the newest cross-reference section is; null if it says nowhere. */
export function startXrefOffset(tail: Buffer): number | null {
  const match = /startxref[\0\t\n\f\r ]+(\d+)[\0\t\n\f\r ]+%%EOF[\0\t\n\f\r ]*$/.exec(
    tail.toString('latin1'),
  )
  return match ? Number(match[1]) : null
}

/** Thrown when the section at `offset` cannot be read. */
export class CrossReferenceError extends Error {
  constructor(
    readonly offset: number,
    cause: unknown,
  ) {
    super(`no readable cross-reference section at byte ${offset}`, { cause })
  }
}

/**
 * Reads every cross-reference section from `startxref` on: tables (§7.5.4) and streams (§7.5.8),
 * following /Prev and a hybrid file's /XRefStm, as pdf.js does, but without its recovery by
 * scanning: a section that does not parse is damage.
 */
export async function readCrossReference(
  file: PdfFile,
  startxref: number,
): Promise<CrossReference> {
  const xref = new CrossReference()
  const queue = [startxref]
  const seen = new Set<number>()
  let newest = true
  for (let offset = queue.shift(); offset !== undefined; offset = queue.shift()) {
    if (seen.has(offset)) continue
    if (seen.size >= MAX_SECTIONS) {
      throw new CrossReferenceError(offset, new PdfSyntaxError('too many updates'))
    }
    seen.add(offset)
    let trailer: PdfDict
    let isTable: boolean
    try {
      const lexer = await file.lexerAt(offset)
      isTable = lexer.accept('xref')
      trailer = isTable
        ? await readTable(file, offset + lexer.position, xref)
        : await readStream(file, offset, xref)
    } catch (error) {
      if (error instanceof PdfSyntaxError) throw new CrossReferenceError(offset, error)
      throw error
    }
    if (newest) xref.trailer = trailer
    newest = false
    for (const key of isTable ? ['XRefStm', 'Prev'] : ['Prev']) {
      const next = trailer.get(key)
      if (next !== undefined) queue.push(checkedInteger(next, `/${key}`))
    }
  }
  return xref
}

function checkedInteger(value: PdfValue | undefined, what: string): number {
  if (!isNonNegativeInteger(value)) throw new PdfSyntaxError(`${what} is not a whole number`)
  return value
}

/** A table's subsections from `position` (just past `xref`), then its trailer's dictionary. */
async function readTable(file: PdfFile, position: number, xref: CrossReference): Promise<PdfDict> {
  let base = position
  let lexer: PdfLexer = await file.lexerAt(base)
  // Tables can be larger than a window: it moves on as entries are read.
  const ensure = async (bytes: number) => {
    if (lexer.bytes.length - lexer.position >= bytes || base + lexer.bytes.length >= file.size) {
      return
    }
    base += lexer.position
    lexer = await file.lexerAt(base, Math.max(bytes, WINDOW_BYTES))
  }
  for (;;) {
    await ensure(256)
    if (lexer.accept('trailer')) return file.parseAt(base + lexer.position, (rest) => rest.dict())
    const start = checkedInteger(Number(lexer.word()), 'a subsection start')
    const count = checkedInteger(Number(lexer.word()), 'a subsection count')
    if (start + count > MAX_OBJECTS) throw new PdfSyntaxError("a subsection beyond PDF's limit")
    for (let index = 0; index < count; index++) {
      await ensure(64)
      const offset = checkedInteger(Number(lexer.word()), 'an entry offset')
      const generation = checkedInteger(Number(lexer.word()), 'an entry generation')
      const kind = lexer.word()
      if (kind !== 'n' && kind !== 'f') throw lexer.error('an entry neither "n" nor "f"')
      xref.add(start + index, kind === 'n' ? 1 : 0, offset, generation)
    }
  }
}

/** A cross-reference stream's entries; its dictionary is the trailer. */
async function readStream(file: PdfFile, offset: number, xref: CrossReference): Promise<PdfDict> {
  // §7.5.8.2: a cross-reference stream's dictionary holds no indirect references.
  const { dict, data } = await file.streamObject(offset, () => {
    throw new PdfSyntaxError('a cross-reference stream with an indirect /Length')
  })
  if (!isName(dict.get('Type'), 'XRef')) throw new PdfSyntaxError('not a cross-reference stream')
  const size = checkedInteger(dict.get('Size'), '/Size')
  const widths = dict.get('W')
  if (
    !Array.isArray(widths) ||
    widths.length !== 3 ||
    !widths.every((w) => isNonNegativeInteger(w) && w <= 8)
  ) {
    throw new PdfSyntaxError('/W is not three field widths')
  }
  const [typeWidth, firstWidth, secondWidth] = widths as number[]
  const rowWidth = typeWidth! + firstWidth! + secondWidth!
  if (rowWidth === 0) throw new PdfSyntaxError('/W gives entries no bytes')
  const index = dict.get('Index') ?? [0, size]
  if (!Array.isArray(index) || index.length % 2 !== 0)
    throw new PdfSyntaxError('/Index is not pairs')
  const field = (at: number, width: number) => {
    let value = 0
    for (let i = 0; i < width; i++) value = value * 256 + data[at + i]!
    return value
  }
  let at = 0
  for (let pair = 0; pair < index.length; pair += 2) {
    const start = checkedInteger(index[pair], '/Index')
    const count = checkedInteger(index[pair + 1], '/Index')
    if (start + count > MAX_OBJECTS) throw new PdfSyntaxError("/Index beyond PDF's limit")
    for (let i = 0; i < count; i++, at += rowWidth) {
      if (at + rowWidth > data.length)
        throw new PdfSyntaxError('the stream ends before /Index does')
      // §7.5.8.2: with no type field, every entry is of type 1.
      const type = typeWidth === 0 ? 1 : field(at, typeWidth!)
      // §7.5.8.2 Table 18: a missing generation of a type 1 entry is 0.
      const first = field(at + typeWidth!, firstWidth!)
      const second = field(at + typeWidth! + firstWidth!, secondWidth!)
      xref.add(start + i, type, first, second)
    }
  }
  return dict
}
