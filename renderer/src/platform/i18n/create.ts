import { createI18n } from 'vue-i18n'
import { en, type MessageSchema } from '../../../../preload/contract/locales/en'
import { ru } from '../../../../preload/contract/locales/ru'
import type { AppLocale } from './locales'
import { russianPlural } from '../../../../preload/contract/locales/plural-rules'

/** The app's vue-i18n instance, speaking `locale` and falling back to English. */
export function createAppI18n(locale: AppLocale) {
  return createI18n<[MessageSchema], AppLocale, false>({
    legacy: false,
    locale,
    fallbackLocale: 'en',
    messages: { en, ru },
    pluralRules: { ru: russianPlural },
  })
}
