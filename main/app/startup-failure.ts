import { explainWith, type MessageCode } from '../../preload/contract/locales/explain'
import type { Explained } from '../../preload/contract/platform/explained'
import { catalogWording, type CatalogLanguage } from '../platform/i18n/catalog-wording'

const ABI_MISMATCH =
  /NODE_MODULE_VERSION|compiled against a different Node\.js version|invalid ELF header|not a valid Win32 application|incompatible architecture/

/**
 * The language of what is said before the window exists, from the system's locale
 * (app.getLocale(): "ru", "ru-RU"): Russian for Russian, else English, as the window starts.
 */
export function startupLanguage(systemLocale: string): CatalogLanguage {
  return /^ru(?:[-_]|$)/i.test(systemLocale) ? 'ru' : 'en'
}

/**
 * A start-up failure in words for a dialog, in `language`: a native-module mismatch gets its
 * remedy, a coded failure (the database's) its catalog text, any other its own message.
 */
export function describeStartupFailure(
  error: unknown,
  language: CatalogLanguage,
): { title: string; text: string } {
  const wording = catalogWording(language)
  const word = (code: MessageCode) => explainWith(wording, { message: code, messageCode: code })
  const { messageCode, params } = error instanceof Error ? (error as Partial<Explained>) : {}
  const message = error instanceof Error ? error.message : String(error)
  const text = ABI_MISMATCH.test(message)
    ? word('startup.native-modules')
    : explainWith(wording, { message, messageCode, params })
  return { title: word('startup.cannot-start'), text }
}
