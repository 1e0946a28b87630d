import type { FileHandle } from 'node:fs/promises'
import { decodeStream } from './pdf-stream'
import {
  isNonNegativeInteger,
  PdfEndError,
  PdfLexer,
  PdfSyntaxError,
  type PdfDict,
  type PdfRef,
} from './pdf-syntax'

/** The first window read at an offset: it holds most objects whole. */
export const WINDOW_BYTES = 64 * 1024
/** An object larger than this (a page tree root listing a million pages is 10 MiB) is no real one. */
const MAX_OBJECT_BYTES = 64 * 1024 * 1024
/** A value that fails to parse this close to a window's end may only have been cut off by it. */
const WINDOW_END_SLACK = 64
/**
 * A cross-reference or object stream larger than this, encoded or decoded, is no real one (PDF's
 * 8,388,607 objects take 59 MiB at 7 bytes an entry); it bounds what a small stream inflates to.
 */
const MAX_STREAM_BYTES = 64 * 1024 * 1024

/** An indirect object with a stream, as written at its offset. */
export interface StreamObject {
  header: PdfRef
  dict: PdfDict
  /** The stream's bytes, decoded. */
  data: Buffer
}

/** Reads parts of a PDF file at given offsets; nothing more than a window is held at a time. */
export class PdfFile {
  constructor(
    private readonly handle: FileHandle,
    readonly size: number,
  ) {}

  /** Up to `length` bytes from `position`, fewer at the end of the file. */
  async read(position: number, length: number): Promise<Buffer> {
    const bytes = Buffer.alloc(Math.max(0, Math.min(length, this.size - position)))
    if (bytes.length === 0) return bytes
    const { bytesRead } = await this.handle.read(bytes, 0, bytes.length, position)
    return bytes.subarray(0, bytesRead)
  }

  /** The lexer over a window of the file from `offset`. */
  async lexerAt(offset: number, length = WINDOW_BYTES): Promise<PdfLexer> {
    if (!isNonNegativeInteger(offset) || offset >= this.size) {
      throw new PdfSyntaxError(`byte ${offset} is outside the file (${this.size} bytes)`)
    }
    return new PdfLexer(await this.read(offset, length))
  }

  /**
   * `parse` run over a window of the file from `offset`; when the window ends inside what it
   * parses, over a window four times as long, up to MAX_OBJECT_BYTES.
   */
  async parseAt<T>(offset: number, parse: (lexer: PdfLexer) => T): Promise<T> {
    for (let length = WINDOW_BYTES; ; length *= 4) {
      const lexer = await this.lexerAt(offset, length)
      try {
        return parse(lexer)
      } catch (error) {
        const cutOff =
          error instanceof PdfEndError ||
          (error instanceof PdfSyntaxError &&
            lexer.bytes.length - lexer.position < WINDOW_END_SLACK)
        const whole = offset + lexer.bytes.length >= this.size
        if (!cutOff || whole || length >= MAX_OBJECT_BYTES) throw error
      }
    }
  }

  /**
   * The stream object at `offset`: its /Length (direct, or an integer `lengthOf` resolves) must
   * end where `endstream` begins.
   */
  async streamObject(
    offset: number,
    lengthOf: (ref: PdfRef) => Promise<number>,
  ): Promise<StreamObject> {
    const { header, dict, dataOffset } = await this.parseAt(offset, (lexer) => {
      const header = lexer.objectHeader()
      const dict = lexer.dict()
      lexer.expect('stream')
      // The keyword is followed by CRLF or LF (§7.3.8.1); a lone CR is a common slip.
      if (lexer.bytes[lexer.position] === 0x0d) lexer.position++
      if (lexer.bytes[lexer.position] === 0x0a) lexer.position++
      return { header, dict, dataOffset: lexer.position }
    })
    const given = dict.get('Length')
    const length =
      typeof given === 'object' && given !== null && 'num' in given ? await lengthOf(given) : given
    if (!isNonNegativeInteger(length) || length > MAX_STREAM_BYTES) {
      throw new PdfSyntaxError(`object ${header.num} has no usable stream /Length`)
    }
    const start = offset + dataOffset
    const encoded = await this.read(start, length)
    const after = new PdfLexer(await this.read(start + length, 256))
    if (encoded.length < length || !after.accept('endstream')) {
      throw new PdfSyntaxError(`the stream of object ${header.num} does not end at its /Length`)
    }
    return { header, dict, data: await decodeStream(dict, encoded, MAX_STREAM_BYTES) }
  }
}
