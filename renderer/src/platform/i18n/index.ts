import { computed } from 'vue'
import { useI18n } from 'vue-i18n'
import type { Explained } from '../../../../preload/contract/platform/explained'
import { byteSize, type UnitWording } from '../../../../preload/contract/locales/unit-wording'
import { createAppI18n } from './create'
import { initialLocale, rememberLocale, type AppLocale } from './locales'
import { explainWith, type Wording } from '../../../../preload/contract/locales/explain'

export const i18n = createAppI18n(initialLocale())

/** A message from main (an error, a validation issue) in the window's language. */
export const explainMain = (explained: Explained): string =>
  explainWith(i18n.global as unknown as Wording, explained)

/** A stored result's message (History, bulk results) in the window's language; '' before one. */
export const explainStored = (stored: Omit<Explained, 'message'> & { message: string | null }) =>
  stored.message === null ? '' : explainMain({ ...stored, message: stored.message })

/** A byte count as a size in the window's language: "1.54 MB", «1,54 МБ». */
export const formatSize = (bytes: number): string =>
  byteSize(i18n.global as unknown as UnitWording, bytes)

/** The window's language, kept across restarts once the user picks one. */
export function useLocale() {
  const { locale } = useI18n({ useScope: 'global' })
  return computed<AppLocale>({
    get: () => locale.value as AppLocale,
    set: (value) => {
      locale.value = value
      rememberLocale(value)
    },
  })
}

export { supportedLocales, localeNames, type AppLocale } from './locales'
