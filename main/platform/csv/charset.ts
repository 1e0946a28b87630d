import iconv from 'iconv-lite'
import { CsvError } from './csv-error'

/** Turns bytes of one encoding into text. */
export type BytesToText = (bytes: Uint8Array) => string

const UTF8_NAMES = new Set(['utf8', 'utf-8', 'unicode-1-1-utf-8'])
const ALL_BYTES = Uint8Array.from({ length: 256 }, (_, byte) => byte)

/** The encoding's lower-case name, `utf-8` for every spelling of UTF-8; unknown names are errors. */
export function encodingName(name: string): string {
  const lower = name.trim().toLowerCase()
  if (UTF8_NAMES.has(lower)) return 'utf-8'
  if (!iconv.encodingExists(lower)) {
    throw new CsvError('unknown-encoding', { encoding: name })
  }
  return lower
}

/**
 * Whether the row scanner can read `encoding` as bytes: UTF-8, or one byte per character with
 * ASCII below 128, so quotes, delimiters and line breaks are never part of another character.
 */
export function isByteScannable(encoding: string): boolean {
  if (encoding === 'utf-8') return true
  const text = iconv.decode(Buffer.from(ALL_BYTES), encoding)
  if (text.length !== ALL_BYTES.length) return false
  for (let code = 0; code < 128; code++) if (text.charCodeAt(code) !== code) return false
  return true
}

/** A decoder for whole pieces of text (rows, windows): invalid bytes become U+FFFD. */
export function bytesToText(encoding: string): BytesToText {
  if (encoding === 'utf-8') {
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true })
    return (bytes) => decoder.decode(bytes)
  }
  return (bytes) =>
    iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), encoding, {
      stripBOM: false,
    })
}
