import type { MessageSchema } from '../../preload/contract/locales/en'
import { explainWith, type TextPaths, type Wording } from '../../preload/contract/locales/explain'
import type { Explained } from '../../preload/contract/platform/explained'
import { catalogWording, type CatalogLanguage } from '../platform/i18n/catalog-wording'

/** A key of the catalog, so that a typo fails to compile: the CLI's own (cli.*) or a shared word. */
export type CatalogKey = TextPaths<MessageSchema>

/** A text for people, worded when it is printed: in the terminal's language, or in English. */
export type CliText = (wording: Wording) => string

/** A text's params: values, or texts worded in the same language first. */
export type CliParams = Record<string, string | number | CliText>

/** The catalog's text under `key`; a count named n picks the plural form, as in main's messages. */
export function cliText(key: CatalogKey, params: CliParams = {}): CliText {
  return (wording) => {
    const worded = Object.fromEntries(
      Object.entries(params).map(([name, value]) => [
        name,
        typeof value === 'function' ? value(wording) : value,
      ]),
    )
    const n = worded['n']
    return typeof n === 'number' ? wording.t(key, worded, n) : wording.t(key, worded)
  }
}

/** One of main's messages: by its code where it has one, else its English as it is. */
export const mainText =
  (message: Explained): CliText =>
  (wording) =>
    explainWith(wording, message)

/** A text in English: `--json` output stays English, for the scripts that read it. */
export const inEnglish = (text: CliText): string => text(catalogWording('en'))

/** The catalog as a command words what it prints. */
export type CliWords = ReturnType<typeof wordsFor>

/** What a command prints, in the terminal's language (English when the caller names none). */
export function wordsFor(language: CatalogLanguage = 'en') {
  const wording = catalogWording(language)
  return {
    say: (key: CatalogKey, params?: CliParams) => cliText(key, params)(wording),
    explain: (message: Explained) => mainText(message)(wording),
    word: (text: CliText) => text(wording),
  }
}

/**
 * A synopsis after the catalog's "Usage:", the lines under the first indented by the label's
 * width. The synopsis itself is command syntax, the same in every language.
 */
export function usageText(synopsis: string): CliText {
  return (wording) => {
    const label = wording.t('cli.usage', {})
    const [first, ...more] = synopsis.split('\n')
    const indent = ' '.repeat(label.length + 1)
    return [`${label} ${first}`, ...more.map((line) => `${indent}${line}`)].join('\n')
  }
}

/** A command's `--help`: its synopsis, then what the catalog says of it. */
export const helpText =
  (synopsis: string, prose: CliText): CliText =>
  (wording) =>
    `${usageText(synopsis)(wording)}\n\n${prose(wording)}`
