import type { CatalogLanguage } from '../platform/i18n/catalog-wording'

/**
 * The terminal's language, as POSIX picks the locale of messages: LC_ALL, else LC_MESSAGES, else
 * LANG (an empty variable counts as unset). Russian when that locale is Russian ("ru",
 * "ru_RU.UTF-8", "ru-RU"); English otherwise ("C", "POSIX", "en_US.UTF-8", unset, any other).
 */
export function terminalLanguage(env: NodeJS.ProcessEnv = process.env): CatalogLanguage {
  const locale = [env['LC_ALL'], env['LC_MESSAGES'], env['LANG']].find((value) => !!value) ?? ''
  return /^ru(?:[_.@-]|$)/i.test(locale) ? 'ru' : 'en'
}
