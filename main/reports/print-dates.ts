import { asUtcFields, parseReportTimestamp } from '../../preload/contract/platform/calendar'
import type { DateWriters } from '../../preload/contract/reports/cell-format'

/**
 * Dates on a printed view as the grid writes them (renderer/src/platform/format/date-time.ts):
 * Intl's medium date and time in the window's regional locale. A report's times carry no zone:
 * they are read and written as the wall-clock time they say, whatever zone main runs in.
 */

/** The grid's date writers in `locale`; text that is no date stays as it came. */
export function dateWriters(locale: string): DateWriters {
  const dateTime = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: 'UTC',
  })
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' })
  const writer = (format: Intl.DateTimeFormat) => (value: string) => {
    const time = parseReportTimestamp(value)
    return time ? format.format(asUtcFields(time)) : value
  }
  return { dateTime: writer(dateTime), day: writer(day) }
}

/** When the view was printed, in this computer's time zone: "27 Nov 2026, 07:50". */
export const printedAt = (date: Date, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date)
