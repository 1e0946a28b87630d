import { parseReportTimestamp } from '../../../../preload/contract/platform/calendar'
import { i18n } from '../i18n'

/**
 * Dates and times as the window shows them: in the user's own locale (their regional variant of
 * the window's language, e.g. en-GB), never as raw ISO text. Dates the gateway reads are written
 * DD.MM.YYYY instead, with dottedDay from the contract's calendar.
 */

/** The OS's regional variant of the window's language if it has one ("en-GB"), else the language. */
export function formattingLocale(
  language: string = i18n.global.locale.value,
  preferred: readonly string[] = navigator.languages,
): string {
  return preferred.find((tag) => tag.toLowerCase().split('-')[0] === language) ?? language
}

// Intl formatters are slow to build: one per locale and style, reused in every render.
const formatters = new Map<string, Intl.DateTimeFormat>()
type Style = 'dateTime' | 'day' | 'time' | 'month'
const STYLES: Record<Style, Intl.DateTimeFormatOptions> = {
  dateTime: { dateStyle: 'medium', timeStyle: 'medium' },
  day: { dateStyle: 'medium' },
  time: { timeStyle: 'medium' },
  month: { month: 'long', year: 'numeric' },
}
function formatter(style: Style): Intl.DateTimeFormat {
  const locale = formattingLocale()
  const key = `${locale} ${style}`
  let made = formatters.get(key)
  if (!made) {
    made = new Intl.DateTimeFormat(locale, STYLES[style])
    formatters.set(key, made)
  }
  return made
}

/** A calendar day "YYYY-MM-DD" or month "YYYY-MM": no instant, so it is read at local midnight. */
const CALENDAR_DAY = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/

/**
 * An instant from what main sends: an ISO 8601 instant ("2026-11-22T10:04:05.000Z"), epoch
 * milliseconds, or a zone-less "YYYY-MM-DD hh:mm:ss" (the report's and sandbox's local time); a
 * bare day or month (read as UTC by Date, it would show the day before west of Greenwich).
 */
function instant(value: string | number | Date): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value
  if (typeof value === 'number') return new Date(value)
  const day = CALENDAR_DAY.exec(value)
  if (day) return new Date(+day[1]!, +day[2]! - 1, +(day[3] ?? 1))
  const local = parseReportTimestamp(value)
  const date = local
    ? new Date(local.year, local.month - 1, local.day, local.hour, local.minute, local.second)
    : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

const format = (style: Style, value: string | number | Date) => {
  const date = instant(value)
  // Text that is no date is shown as it came, rather than "Invalid Date".
  return date ? formatter(style).format(date) : String(value)
}

/** e.g. "22 Nov 2026, 10:04:05" (en-GB) or "22 нояб. 2026 г., 10:04:05" (ru). */
export const formatDateTime = (value: string | number | Date) => format('dateTime', value)

/** The day alone, e.g. "22 Nov 2026". */
export const formatDay = (value: string | number | Date) => format('day', value)

/** A month, e.g. "November 2026" (en) or "ноябрь 2026 г." (ru). */
export const formatMonth = (value: string | number | Date) => format('month', value)

/** The time of day alone, e.g. "10:04:05". */
export const formatTime = (value: string | number | Date) => format('time', value)

const relativeFormatters = new Map<string, Intl.RelativeTimeFormat>()
const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['week', 604_800],
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
]

/** How long ago, e.g. "5 minutes ago", "yesterday"; under a minute counts as this minute. */
export function formatTimeAgo(value: string | number | Date, now = Date.now()): string {
  const date = instant(value)
  if (!date) return String(value)
  const locale = formattingLocale()
  let relative = relativeFormatters.get(locale)
  if (!relative) {
    relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
    relativeFormatters.set(locale, relative)
  }
  const seconds = Math.max(0, (now - date.getTime()) / 1000)
  const [unit, size] = RELATIVE_UNITS.find(([, size]) => seconds >= size) ?? RELATIVE_UNITS.at(-1)!
  return relative.format(-Math.round(seconds / size), unit)
}
