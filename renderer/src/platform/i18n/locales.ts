/** The languages the window speaks, with their names as a speaker of each would write them. */
export const supportedLocales = ['en', 'ru'] as const
export type AppLocale = (typeof supportedLocales)[number]

export const localeNames: Record<AppLocale, string> = { en: 'English', ru: 'Русский' }

const STORAGE_KEY = 'gatedesk.locale'

const isSupported = (value: string | null): value is AppLocale =>
  (supportedLocales as readonly string[]).includes(value ?? '')

/** The first of the OS's preferred languages the app speaks ("ru-RU" → ru); English otherwise. */
export function localeFromLanguages(languages: readonly string[]): AppLocale {
  for (const language of languages) {
    const base = language.toLowerCase().split('-')[0] ?? ''
    if (isSupported(base)) return base
  }
  return 'en'
}

/** The user's manual choice if they made one, else the OS's language (Electron passes it to navigator). */
export function initialLocale(): AppLocale {
  const chosen = localStorage.getItem(STORAGE_KEY)
  return isSupported(chosen) ? chosen : localeFromLanguages(navigator.languages)
}

export function rememberLocale(locale: AppLocale): void {
  localStorage.setItem(STORAGE_KEY, locale)
}
