/** Calendar days: the spec's dates (DD.MM.YYYY) and the app's (YYYY-MM-DD). */

export interface CalendarDate {
  year: number
  month: number
  day: number
}

export const DOTTED_DATE = /^(\d{2})\.(\d{2})\.(\d{4})$/

/** Parses DD.MM.YYYY into a real calendar date (no 31.02), or null. */
export function parseDottedDate(text: string): CalendarDate | null {
  const match = DOTTED_DATE.exec(text)
  if (!match) return null
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null
  return { year, month, day }
}

/** A report's zone-less time: the wall clock it says, whatever zone reads it. */
export interface WallClock extends CalendarDate {
  hour: number
  minute: number
  second: number
}

const REPORT_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/

/**
 * Parses a report's "YYYY-MM-DD hh:mm:ss" (or with a T) into a real time (no 31.02, no 24:00),
 * or null: the one reading of report times for type detection, print and export.
 */
export function parseReportTimestamp(text: string): WallClock | null {
  const match = REPORT_TIMESTAMP.exec(text)
  if (!match) return null
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null
  if (hour > 23 || minute > 59 || second > 59) return null
  return { year, month, day, hour, minute, second }
}

/** A day or wall-clock time as a Date whose UTC fields are its fields (Intl reads it in UTC). */
export const asUtcFields = (time: CalendarDate & Partial<WallClock>) =>
  new Date(
    Date.UTC(
      time.year,
      time.month - 1,
      time.day,
      time.hour ?? 0,
      time.minute ?? 0,
      time.second ?? 0,
    ),
  )

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

export const compareDates = (a: CalendarDate, b: CalendarDate) =>
  a.year - b.year || a.month - b.month || a.day - b.day

/** A calendar day as YYYY-MM-DD: sorts and compares as text, and SQLite reads it as a date. */
export type IsoDay = string

const pad = (value: number, width = 2) => String(value).padStart(width, '0')

function isoDay({ year, month, day }: CalendarDate): IsoDay {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`
}

export function calendarDate(day: IsoDay): CalendarDate {
  const [year, month, date] = day.split('-').map(Number)
  return { year: year!, month: month!, day: date! }
}

/** DD.MM.YYYY, as the API and the report write dates. */
export function dottedDay(day: IsoDay): string {
  const { year, month, day: date } = calendarDate(day)
  return `${pad(date)}.${pad(month)}.${pad(year, 4)}`
}

/** DD.MM.YYYY to YYYY-MM-DD, or null when it is not a real date. */
export function isoFromDotted(text: string): IsoDay | null {
  const date = parseDottedDate(text)
  return date ? isoDay(date) : null
}

export function addDays(day: IsoDay, days: number): IsoDay {
  const { year, month, day: date } = calendarDate(day)
  const moved = new Date(Date.UTC(year, month - 1, date + days))
  return isoDay({
    year: moved.getUTCFullYear(),
    month: moved.getUTCMonth() + 1,
    day: moved.getUTCDate(),
  })
}

/** The same date `months` later; a date the month lacks (31 in April) becomes its last day. */
export function addMonthsClamped(day: IsoDay, months: number): IsoDay {
  const { year, month, day: date } = calendarDate(day)
  const index = year * 12 + (month - 1) + months
  const target = { year: Math.floor(index / 12), month: (index % 12) + 1 }
  return isoDay({ ...target, day: Math.min(date, daysInMonth(target.year, target.month)) })
}

export function daysBetween(from: IsoDay, to: IsoDay): number {
  const utc = (day: IsoDay) => {
    const { year, month, day: date } = calendarDate(day)
    return Date.UTC(year, month - 1, date)
  }
  return Math.round((utc(to) - utc(from)) / 86_400_000)
}

/** The local calendar day of a moment: the sandbox's first day is the machine's today. */
export function localDay(ms: number): IsoDay {
  const moment = new Date(ms)
  return isoDay({
    year: moment.getFullYear(),
    month: moment.getMonth() + 1,
    day: moment.getDate(),
  })
}

/** `YYYY-MM-DD hh:mm:ss` on `day` at the local time of day of `ms` (the report's Created_date). */
export function timestampOn(day: IsoDay, ms: number): string {
  const moment = new Date(ms)
  return `${day} ${pad(moment.getHours())}:${pad(moment.getMinutes())}:${pad(moment.getSeconds())}`
}
