import { useI18n } from 'vue-i18n'
import { formatDecimal } from '../../../../../preload/contract/reports/cell-format'
import {
  numberFormat,
  type UnitWording,
} from '../../../../../preload/contract/locales/unit-wording'

/** A whole number as `locale` writes it: 1,000,000 (en), 1 000 000 (ru). */
export const count = (n: number, locale: string) => numberFormat(locale, 0).format(n)

/**
 * Groups the integer digits of a number written in decimal, exactly, with `locale`'s separators:
 * "-12345.678" → "-12,345.678" (en), "-12 345,678" (ru).
 */
export function groupDigits(decimal: string, locale: string): string {
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(decimal)
  if (!match) return decimal
  const [, sign, whole = '', fraction = ''] = match
  const { group, point } = separatorsOf(locale)
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group)
  return `${sign}${grouped}${fraction && point + fraction.slice(1)}`
}

const separators = new Map<string, { group: string; point: string }>()
function separatorsOf(locale: string): { group: string; point: string } {
  let known = separators.get(locale)
  if (!known) {
    const parts = numberFormat(locale, 1).formatToParts(12345.6)
    const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
    known = { group: part('group'), point: part('decimal') }
    separators.set(locale, known)
  }
  return known
}

/** `count`, `groupDigits` and `formatDecimal` in the window's language, for a component. */
export function useNumbers() {
  const { locale } = useI18n()
  return {
    count: (n: number) => count(n, locale.value),
    groupDigits: (decimal: string) => groupDigits(decimal, locale.value),
    decimal: (decimal: string, digits: number) => formatDecimal(decimal, digits, locale.value),
  }
}

/** "Showing X of Y rows", or what is known of a file not read to the end (yet, or at all). */
export function showingText(
  wording: UnitWording,
  rowCount: number,
  fileRowCount: number | null,
  reading: boolean,
): string {
  const { t } = wording
  const locale = wording.locale.value
  if (fileRowCount === null) {
    const first = t('reports.table.showingFirst', { n: count(rowCount, locale) }, rowCount)
    return reading ? t('reports.table.showingWhileReading', { showing: first }) : first
  }
  return t(
    'reports.table.showing',
    { shown: count(rowCount, locale), n: count(fileRowCount, locale) },
    fileRowCount,
  )
}
