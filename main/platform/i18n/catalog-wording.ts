import {
  compile,
  createCoreContext,
  fallbackWithLocaleChain,
  registerLocaleFallbacker,
  registerMessageCompiler,
  registerMessageResolver,
  resolveValue,
  translate,
  type NamedValue,
} from '@intlify/core-base'
import { en } from '../../../preload/contract/locales/en'
import { ru } from '../../../preload/contract/locales/ru'
import { russianPlural } from '../../../preload/contract/locales/plural-rules'
import type { Wording } from '../../../preload/contract/locales/explain'

/*
 * The catalog worded in Node without Vue, through @intlify/core-base: the engine inside vue-i18n,
 * so the same `{param}`, `{'@'}` and `a | b | c` syntax words the same text as the window does.
 * Messages compile to an AST that is walked (no eval). This is main's and the CLI's only importer
 * of the engine; workers and child processes send code + params and never load it.
 */

// vue-i18n's entry registers these three; core-base alone leaves them to its user. Once per process.
registerMessageCompiler(compile)
registerMessageResolver(resolveValue)
registerLocaleFallbacker(fallbackWithLocaleChain)

/** The languages the catalog has: the window's, the CLI's and main's English. */
export type CatalogLanguage = 'en' | 'ru'

const messages = { en, ru }

/** Whether the catalog has a text (not a subtree) under `key` in `language`. */
const has = (language: CatalogLanguage, key: string) =>
  typeof resolveValue(messages[language], key) === 'string'

const made = new Map<CatalogLanguage, Wording>()

/**
 * The catalog in one language, shaped as explainWith (and the window's composer) expects; built
 * once per language. Plural forms follow the window's own rules (plural-rules.ts).
 */
export function catalogWording(language: CatalogLanguage): Wording {
  const known = made.get(language)
  if (known) return known
  // As translate's own parameter type: its overloads infer one typed by the messages as another kind.
  const context = createCoreContext({
    locale: language,
    fallbackLocale: 'en',
    messages,
    pluralRules: { ru: russianPlural },
    // A missing Russian text falls back to English quietly, as in the window.
    missingWarn: false,
    fallbackWarn: false,
    warnHtmlMessage: false,
  }) as Parameters<typeof translate>[0]
  const wording: Wording = {
    locale: { value: language },
    te: (key, inLanguage) => has(inLanguage as CatalogLanguage, key),
    t: (key, params, plural) => {
      // A key the catalog lacks is a bug in the code naming it, not a text to show.
      if (!has('en', key)) throw new Error(`The message catalog has no key ${key}`)
      const text: unknown =
        plural === undefined
          ? translate(context, key, params as NamedValue)
          : translate(context, key, params as NamedValue, { plural })
      if (typeof text !== 'string') throw new Error(`Catalog key ${key} did not word to a text`)
      return text
    },
  }
  made.set(language, wording)
  return wording
}
