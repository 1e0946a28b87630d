import { open, type FileHandle } from 'node:fs/promises'
import Papa from 'papaparse'
import { bytesToText, isByteScannable } from './charset'
import { encodingName } from './encoding-name'
import { CsvError, fileParam, fileSystemError } from './csv-error'

/** How a CSV file is written. */
export interface CsvFormat {
  /** Lower-case encoding name: `utf-8`, `windows-1251`, `utf-16le`… */
  encoding: string
  /** Bytes of byte order mark at the start of the file (0 when there is none). */
  byteOrderMarkLength: number
  delimiter: string
  /** Whether the row scanner reads the file as it is; if not, transcode it to UTF-8 first. */
  byteScannable: boolean
}

/** What the caller knows: the report request's reportEncode and reportCsvDelimiter. */
export interface FormatHints {
  encoding?: string | null
  delimiter?: string | null
}

/** Enough of the file to tell its encoding and delimiter. */
const HEAD_BYTES = 64 * 1024
const GUESSED_DELIMITERS = [',', ';', '\t', '|']
/** Text has a stray control character now and then; binary data has many. */
const CONTROL_SHARE_MAX = 0.01
const BYTE_ORDER_MARKS = [
  { encoding: 'utf-8', bytes: [0xef, 0xbb, 0xbf] },
  { encoding: 'utf-16le', bytes: [0xff, 0xfe] },
  { encoding: 'utf-16be', bytes: [0xfe, 0xff] },
]

/**
 * The encoding and delimiter of the CSV file at `path`, from its first bytes: a byte order
 * mark, else the hinted encoding, else UTF-8 when the bytes are valid UTF-8, else windows-1251.
 * The delimiter is the hinted one, else papaparse's guess among `,` `;` tab `|`.
 */
export async function detectFileFormat(
  path: string,
  hints: FormatHints = {},
  start?: FileStart,
): Promise<CsvFormat> {
  const head = start ?? (await readHead(path))
  const { encoding, byteOrderMarkLength } = detectEncoding(head.bytes, head.isWholeFile, hints)
  const text = bytesToText(encoding)(head.bytes.subarray(byteOrderMarkLength))
  if (text.length === 0) {
    throw new CsvError('empty-file', fileParam(path))
  }
  if (looksBinary(text)) {
    throw new CsvError('binary-file', fileParam(path))
  }
  return {
    encoding,
    byteOrderMarkLength,
    delimiter: hints.delimiter
      ? checkedDelimiter(hints.delimiter)
      : guessDelimiter(text, head.isWholeFile),
    byteScannable: isByteScannable(encoding),
  }
}

/** The delimiter as the row scanner needs it: one ASCII character, not a quote or line break. */
export function checkedDelimiter(delimiter: string): string {
  const code = delimiter.charCodeAt(0)
  if (
    delimiter.length !== 1 ||
    code >= 128 ||
    delimiter === '"' ||
    delimiter === '\r' ||
    delimiter === '\n'
  ) {
    throw new CsvError('bad-delimiter', { delimiter: JSON.stringify(delimiter) })
  }
  return delimiter
}

/** The first bytes of a file, enough to tell its format (and perhaps to hold its first rows). */
export interface FileStart {
  bytes: Uint8Array
  isWholeFile: boolean
}

/** The start of the file open at `handle` (`path` names it in errors). */
export async function readFileStart(handle: FileHandle, path: string): Promise<FileStart> {
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(HEAD_BYTES), 0, HEAD_BYTES, 0)
    return { bytes: buffer.subarray(0, bytesRead), isWholeFile: bytesRead < HEAD_BYTES }
  } catch (error) {
    throw fileSystemError(path, error)
  }
}

async function readHead(path: string): Promise<FileStart> {
  let handle: FileHandle
  try {
    handle = await open(path, 'r')
  } catch (error) {
    throw fileSystemError(path, error)
  }
  try {
    return await readFileStart(handle, path)
  } finally {
    await handle.close()
  }
}

function detectEncoding(
  head: Uint8Array,
  isWholeFile: boolean,
  hints: FormatHints,
): { encoding: string; byteOrderMarkLength: number } {
  const mark = BYTE_ORDER_MARKS.find(({ bytes }) => bytes.every((byte, i) => head[i] === byte))
  if (mark) return { encoding: mark.encoding, byteOrderMarkLength: mark.bytes.length }
  if (hints.encoding) return { encoding: encodingName(hints.encoding), byteOrderMarkLength: 0 }
  return { encoding: isUtf8(head, isWholeFile) ? 'utf-8' : 'windows-1251', byteOrderMarkLength: 0 }
}

function isUtf8(head: Uint8Array, isWholeFile: boolean): boolean {
  try {
    // Streaming leaves a character cut at the end of the head undecoded instead of invalid.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: !isWholeFile })
    return true
  } catch {
    return false
  }
}

function looksBinary(text: string): boolean {
  let controls = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code === 0) return true
    // Tab, line feed, vertical tab, form feed and carriage return are text.
    if (code < 0x20 && (code < 0x09 || code > 0x0d)) controls++
  }
  return controls > text.length * CONTROL_SHARE_MAX
}

function guessDelimiter(text: string, isWholeFile: boolean): string {
  // A row cut at the end of the head would skew papaparse's field counts.
  const lastBreak = Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r'))
  const rows = isWholeFile || lastBreak < 0 ? text : text.slice(0, lastBreak)
  // Blank lines are no rows to the scanner, and would count as one-field rows in the guess.
  const { meta } = Papa.parse(rows, {
    delimitersToGuess: GUESSED_DELIMITERS,
    skipEmptyLines: true,
    preview: 1,
  })
  return meta.delimiter
}
