import { open } from 'node:fs/promises'
import {
  CrossReferenceError,
  readCrossReference,
  startXrefOffset,
  type CrossReference,
} from './cross-reference'
import { PdfFile } from './pdf-file'
import {
  isDict,
  isNonNegativeInteger,
  isRef,
  PdfLexer,
  PdfSyntaxError,
  type PdfRef,
  type PdfValue,
} from './pdf-syntax'

/** How a PDF is damaged, by what its structure lacks (message codes `report.pdf-damaged.*`). */
export type PdfDamage =
  | { code: 'no-startxref' }
  | { code: 'bad-xref'; offset: number }
  | { code: 'misplaced-object'; object: number; offset: number }
  | { code: 'no-catalog' }
  | { code: 'no-pages' }

/** §7.5.5: startxref and %%EOF are in the last 1024 bytes. */
const TAIL_BYTES = 1024
/** Object headers are checked from windows this large, read in the order of their offsets. */
const HEADER_WINDOW_BYTES = 1024 * 1024
/** Room for one object header (`num gen obj`) with white-space around it. */
const HEADER_BYTES = 64

class Damaged extends Error {
  constructor(readonly damage: PdfDamage) {
    super(damage.code)
  }
}

/**
 * Whether the PDF `file` holds together (ISO 32000-1 §7.5): `startxref` points at cross-reference
 * sections that parse, every object is where they say, and the trailer names a catalog whose
 * page tree has at least one page. pdf.js would open a damaged file by rebuilding its table from
 * a scan (its recovery cannot be turned off), so this reads the structure itself, a window at a
 * time: memory stays small and time linear in the file's size.
 */
export async function checkPdfStructure(path: string): Promise<PdfDamage | null> {
  const handle = await open(path, 'r')
  try {
    const file = new PdfFile(handle, (await handle.stat()).size)
    const startxref = startXrefOffset(
      await file.read(Math.max(0, file.size - TAIL_BYTES), TAIL_BYTES),
    )
    if (startxref === null) return { code: 'no-startxref' }
    const xref = await readCrossReference(file, startxref)
    await checkObjectOffsets(file, xref)
    await checkPages(file, xref)
    return null
  } catch (error) {
    if (error instanceof Damaged) return error.damage
    if (error instanceof CrossReferenceError) return { code: 'bad-xref', offset: error.offset }
    throw error
  } finally {
    await handle.close()
  }
}

/** Every object in use starts with its own `num gen obj` where the cross-reference says. */
async function checkObjectOffsets(file: PdfFile, xref: CrossReference): Promise<void> {
  const inUse: number[] = []
  for (let num = 0; num < xref.length; num++) if (xref.type(num) === 1) inUse.push(num)
  inUse.sort((a, b) => xref.first[a]! - xref.first[b]!)
  let window: Buffer = Buffer.alloc(0)
  let windowStart = 0
  for (const num of inUse) {
    const offset = xref.first[num]!
    const misplaced = new Damaged({ code: 'misplaced-object', object: num, offset })
    if (offset >= file.size) throw misplaced
    if (offset < windowStart || offset + HEADER_BYTES > windowStart + window.length) {
      window = await file.read(offset, HEADER_WINDOW_BYTES)
      windowStart = offset
    }
    try {
      const header = new PdfLexer(window, offset - windowStart).objectHeader()
      if (header.num !== num || header.gen !== xref.second[num]) throw misplaced
    } catch (error) {
      if (error instanceof PdfSyntaxError) throw misplaced
      throw error
    }
  }
}

/** The trailer's /Root is a catalog whose /Pages has /Count ≥ 1 and kids. */
async function checkPages(file: PdfFile, xref: CrossReference): Promise<void> {
  const resolve = resolver(file, xref)
  // §7.6: an encrypted file's object streams cannot be read without its password; its
  // cross-reference sections and object offsets, checked already, are all that can be.
  const locked = (value: PdfValue | undefined) =>
    xref.trailer.has('Encrypt') && isRef(value) && xref.type(value.num) === 2
  if (locked(xref.trailer.get('Root'))) return
  const catalog = await resolve(xref.trailer.get('Root')).catch(notFound)
  if (!isDict(catalog)) throw new Damaged({ code: 'no-catalog' })
  if (locked(catalog.get('Pages'))) return
  const pages = await resolve(catalog.get('Pages')).catch(notFound)
  const count = isDict(pages) ? pages.get('Count') : undefined
  const kids = isDict(pages) ? pages.get('Kids') : undefined
  if (!isNonNegativeInteger(count) || count < 1 || !Array.isArray(kids) || kids.length === 0) {
    throw new Damaged({ code: 'no-pages' })
  }
}

/** An object that cannot be read counts as absent. */
function notFound(error: unknown): undefined {
  if (error instanceof PdfSyntaxError) return undefined
  throw error
}

/** Reads the indirect objects a value refers to, whether in use at an offset or in an object stream. */
function resolver(file: PdfFile, xref: CrossReference) {
  const atOffset = async (ref: PdfRef): Promise<PdfValue> => {
    if (xref.type(ref.num) !== 1) throw new PdfSyntaxError(`object ${ref.num} is not in use`)
    return file.parseAt(xref.first[ref.num]!, (lexer) => {
      lexer.objectHeader()
      return lexer.value()
    })
  }
  const lengthOf = async (ref: PdfRef) => {
    const length = await atOffset(ref)
    if (!isNonNegativeInteger(length)) throw new PdfSyntaxError('a /Length is not a number')
    return length
  }
  return async (value: PdfValue | undefined): Promise<PdfValue | undefined> => {
    if (!isRef(value)) return value
    const type = xref.type(value.num)
    if (type === 1) return atOffset(value)
    if (type !== 2) throw new PdfSyntaxError(`object ${value.num} is not in use`)
    // §7.5.7: an object stream starts with pairs of object number and offset from /First.
    const container = xref.first[value.num]!
    if (xref.type(container) !== 1)
      throw new PdfSyntaxError(`object stream ${container} is not in use`)
    const { dict, data } = await file.streamObject(xref.first[container]!, lengthOf)
    const count = dict.get('N')
    const first = dict.get('First')
    const index = xref.second[value.num]!
    if (!isNonNegativeInteger(count) || !isNonNegativeInteger(first) || index >= count) {
      throw new PdfSyntaxError(`object stream ${container} has no object ${value.num}`)
    }
    const lexer = new PdfLexer(data)
    for (let skipped = 0; skipped < 2 * index; skipped++) lexer.value()
    const num = lexer.value()
    const offset = lexer.value()
    if (num !== value.num || !isNonNegativeInteger(offset)) {
      throw new PdfSyntaxError(`object stream ${container} has no object ${value.num}`)
    }
    lexer.position = first + offset
    return lexer.value()
  }
}
