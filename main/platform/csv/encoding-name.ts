import iconv from 'iconv-lite'
import { CsvError } from './csv-error'

const UTF8_NAMES = new Set(['utf8', 'utf-8', 'unicode-1-1-utf-8'])

/** The encoding's lower-case name, `utf-8` for every spelling of UTF-8; unknown names are errors. */
export function encodingName(name: string): string {
  const lower = name.trim().toLowerCase()
  if (UTF8_NAMES.has(lower)) return 'utf-8'
  if (!iconv.encodingExists(lower)) {
    throw new CsvError('unknown-encoding', { encoding: name })
  }
  return lower
}
