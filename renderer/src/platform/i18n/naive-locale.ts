import { computed } from 'vue'
import { dateEnUS, dateRuRU, enUS, ruRU, type NDateLocale, type NLocale } from 'naive-ui'
import { useLocale, type AppLocale } from '.'

const naive: Record<AppLocale, { locale: NLocale; dateLocale: NDateLocale }> = {
  en: { locale: enUS, dateLocale: dateEnUS },
  ru: { locale: ruRU, dateLocale: dateRuRU },
}

/** Naive UI's own texts (date pickers, empty lists, pagination) in the window's language. */
export function useNaiveLocale() {
  const locale = useLocale()
  return computed(() => naive[locale.value])
}
