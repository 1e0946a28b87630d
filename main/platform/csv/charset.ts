import iconv from 'iconv-lite'

// Decoding only, with no wording: the XLSX export's thread reads rows through it (a wrong
// encoding's name is refused by main, encoding-name.ts).

/** Turns bytes of one encoding into text. */
export type BytesToText = (bytes: Uint8Array) => string

const ALL_BYTES = Uint8Array.from({ length: 256 }, (_, byte) => byte)

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
