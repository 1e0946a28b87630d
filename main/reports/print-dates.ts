import type { DateWriters } from '../../preload/contract/reports/cell-format'

/**
 * Dates on a printed view as the grid writes them (renderer/src/platform/format/date-time.ts):
 * Intl's medium date and time in the window's regional locale. A report's times carry no zone:
 * they are read and written as the wall-clock time they say, whatever zone main runs in.
 */

const REPORT_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/

function wallClock(value: string): Date | null {
  const parts = REPORT_TIMESTAMP.exec(value)?.slice(1).map(Number)
  if (!parts) return null
  const [year, month, day, hour, minute, second] = parts as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second))
  return Number.isNaN(date.getTime()) ? null : date
}

/** The grid's date writers in `locale`; text that is no date stays as it came. */
export function dateWriters(locale: string): DateWriters {
  const dateTime = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: 'UTC',
  })
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' })
  const writer = (format: Intl.DateTimeFormat) => (value: string) => {
    const date = wallClock(value)
    return date ? format.format(date) : value
  }
  return { dateTime: writer(dateTime), day: writer(day) }
}

/** When the view was printed, in this computer's time zone: "27 Nov 2026, 07:50". */
export const printedAt = (date: Date, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date)
