import {
  byteSizeParts,
  durationParts,
  sizeLimitParts,
  timeLimitParts,
  type ReadableParts,
} from '../platform/readable-units'

/** The part of vue-i18n's composer that words a size or a duration. */
export interface UnitWording {
  t: (key: string, params: Record<string, unknown>, plural?: number) => string
  locale: { value: string }
}

// Intl formatters are slow to build: one per language and number of decimals, reused.
const formatters = new Map<string, Intl.NumberFormat>()

/** How `locale` writes numbers with `digits` decimals (null: exact, ungrouped, as main does). */
export function numberFormat(locale: string, digits: number | null): Intl.NumberFormat {
  const key = `${locale} ${digits}`
  let made = formatters.get(key)
  if (!made) {
    made = new Intl.NumberFormat(
      locale,
      digits === null
        ? // Exact values, ungrouped as main writes them: "1000 bytes".
          { maximumFractionDigits: 20, useGrouping: false }
        : { minimumFractionDigits: digits, maximumFractionDigits: digits },
    )
    formatters.set(key, made)
  }
  return made
}

/** `value` as the window's language writes it, with `digits` decimals (null: as many as it has). */
const number = (wording: UnitWording, value: number, digits: number | null) =>
  numberFormat(wording.locale.value, digits).format(value)

const worded = (wording: UnitWording, { value, digits, unit }: ReadableParts<string>) =>
  wording.t(`common.units.${unit}`, { n: number(wording, value, digits) }, value)

/** Main's formatByteSize in the window's language: "1.54 MB", «1,54 МБ». */
export const byteSize = (wording: UnitWording, bytes: number) =>
  worded(wording, byteSizeParts(bytes))

/** Main's formatSizeLimit in the window's language: "1 GiB", «1 ГиБ». */
export const sizeLimit = (wording: UnitWording, bytes: number) =>
  worded(wording, sizeLimitParts(bytes))

/** Main's formatTimeLimit in the window's language: "30 min", «30 мин». */
export const timeLimit = (wording: UnitWording, milliseconds: number) =>
  worded(wording, timeLimitParts(milliseconds))

/** Main's formatDuration (a run's) in the window's language: "1 min 23 s", «1 мин 23 с». */
export function duration(wording: UnitWording, milliseconds: number): string {
  const parts = durationParts(milliseconds)
  if (parts.unit === 'min-s') {
    return wording.t('common.units.min-s', {
      minutes: number(wording, parts.minutes, 0),
      seconds: number(wording, parts.seconds, 0),
    })
  }
  return worded(wording, { ...parts, digits: parts.unit === 's' ? 1 : 0 })
}
