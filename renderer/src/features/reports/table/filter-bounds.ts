import type { ColumnType } from '../../../../../preload/contract/reports/report-view'

/** What a range bound of a column must look like, for the message under its field. */
export type BoundProblem = 'number' | 'date' | 'timestamp'

const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)$/
const DAY_FIRST = /^(\d{2})\.(\d{2})\.(\d{4})$/
const TIMESTAMP =
  /^(?:(\d{4})-(\d{2})-(\d{2})|(\d{2})\.(\d{2})\.(\d{4}))(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/

/**
 * A bound as the engine reads it: trimmed; a number with a decimal comma (as Russian staff type
 * it) and spaces between digit groups written plainly.
 */
export function normalBound(text: string, type: ColumnType): string {
  const trimmed = text.trim()
  if (type.kind !== 'integer' && type.kind !== 'decimal') return trimmed
  return trimmed.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.')
}

/** What is wrong with a (normal) bound of a column of `type`, or null when the engine reads it. */
export function boundProblem(bound: string, type: ColumnType): BoundProblem | null {
  if (bound === '') return null
  switch (type.kind) {
    case 'integer':
    case 'decimal':
      return NUMBER.test(bound) ? null : 'number'
    case 'date':
      return dateKey(bound) === null ? 'date' : null
    case 'timestamp':
      return timeKey(bound) === null ? 'timestamp' : null
    case 'text':
      return null
  }
}

/** Whether `min` comes after `max` (both given and well-formed), which would keep no row. */
export function boundsReversed(min: string, max: string, type: ColumnType): boolean {
  if (min === '' || max === '' || boundProblem(min, type) || boundProblem(max, type)) return false
  switch (type.kind) {
    case 'integer':
    case 'decimal':
      return compareDecimals(min, max) > 0
    case 'date':
      return dateKey(min)! > dateKey(max)!
    case 'timestamp':
      // A day alone as the upper bound is all of that day.
      return timeKey(min)! > timeKey(max, true)!
    case 'text':
      return false
  }
}

/** YYYYMMDD of a real DD.MM.YYYY day, else null. */
function dateKey(text: string): string | null {
  const match = DAY_FIRST.exec(text)
  return match ? dayKey(match[3]!, match[2]!, match[1]!) : null
}

/** YYYYMMDDhhmmss of a time as the engine reads it; a day alone ends it when `endOfDay`. */
function timeKey(text: string, endOfDay = false): string | null {
  const match = TIMESTAMP.exec(text)
  if (!match) return null
  const [year, month, day] = match[1]
    ? [match[1], match[2]!, match[3]!]
    : [match[6]!, match[5]!, match[4]!]
  const date = dayKey(year, month, day)
  if (date === null) return null
  if (match[7] === undefined) return `${date}${endOfDay ? '235959' : '000000'}`
  const [hours, minutes, seconds = '00'] = [match[7], match[8]!, match[9]]
  if (Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) return null
  return `${date}${hours}${minutes}${seconds}`
}

function dayKey(year: string, month: string, day: string): string | null {
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)))
  const real =
    date.getUTCFullYear() === Number(year) &&
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day)
  return real ? `${year}${month}${day}` : null
}

/** Compares two well-formed decimals exactly (no float rounding): -1, 0 or 1. */
function compareDecimals(a: string, b: string): number {
  const [x, y] = [scaled(a), scaled(b)]
  const scale = Math.max(x.scale, y.scale)
  const left = x.units * 10n ** BigInt(scale - x.scale)
  const right = y.units * 10n ** BigInt(scale - y.scale)
  return left === right ? 0 : left > right ? 1 : -1
}

function scaled(text: string): { units: bigint; scale: number } {
  const negative = text.startsWith('-')
  const [whole = '', fraction = ''] = text.replace(/^[-+]/, '').split('.')
  const units = BigInt(`${whole || '0'}${fraction}`)
  return { units: negative ? -units : units, scale: fraction.length }
}

/** What is wrong with each bound of a range as typed: its form, or `max` before `min`. */
export function rangeProblems(
  min: string,
  max: string,
  type: ColumnType,
): { min: BoundProblem | null; max: BoundProblem | 'order' | null } {
  const [low, high] = [normalBound(min, type), normalBound(max, type)]
  const maxProblem = boundProblem(high, type)
  return {
    min: boundProblem(low, type),
    max: maxProblem ?? (boundsReversed(low, high, type) ? 'order' : null),
  }
}
