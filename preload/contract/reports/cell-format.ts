import type { ColumnType } from './report-view'
import { numberFormat } from '../locales/unit-wording'
import { isIdentifier, keyColumnsOf } from './key-columns'

/**
 * How the grid and the totals write a report's values for people: numbers grouped as the
 * window's language does with the column's decimals (Amount with its currency's minor units),
 * dates in the app's one format. Values are formatted from their exact text, never as floats.
 */

const DECIMAL = /^-?\d+(\.\d+)?$/

/** `decimal` (exact text) with `digits` decimals, rounded half away from zero, grouped. */
export function formatDecimal(decimal: string, digits: number, locale: string): string {
  if (!DECIMAL.test(decimal)) return decimal
  return numberFormat(locale, digits).format(decimal as `${number}`)
}

const minorUnits = new Map<string, number | null>()
/**
 * The decimals a currency is written with (2 for EUR, 0 for JPY, 3 for KWD), as Intl knows
 * them; null for a code that is no currency.
 */
export function currencyDigits(currency: string): number | null {
  const code = currency.trim().toUpperCase()
  let digits = minorUnits.get(code)
  if (digits === undefined) {
    try {
      const format = new Intl.NumberFormat('en', { style: 'currency', currency: code })
      digits = /^[A-Z]{3}$/.test(code)
        ? (format.resolvedOptions().maximumFractionDigits ?? 2)
        : null
    } catch {
      digits = null
    }
    minorUnits.set(code, digits)
  }
  return digits
}

/** Where an amount's currency is: a code of its own (a pivot's net), or a column of its row. */
export type MoneyOf = { currency: string } | { currencyColumn: number }

/** The decimals an amount in `row` is written with: its currency's minor units, or null. */
export const moneyDigits = (money: MoneyOf | null | undefined, row: readonly string[]) =>
  money
    ? currencyDigits('currency' in money ? money.currency : (row[money.currencyColumn] ?? ''))
    : null

/** An amount in `currency`: its minor units, or `fallback` decimals for an unknown code. */
export const formatAmount = (amount: string, currency: string, fallback: number, locale: string) =>
  formatDecimal(amount, currencyDigits(currency) ?? fallback, locale)

/** The app's date formats: a date and time, and a day alone. */
export interface DateWriters {
  dateTime: (value: string) => string
  day: (value: string) => string
}

/** A column's writer: its value in a row (the row gives Amount its currency). */
type CellWriter = (value: string, row: readonly string[]) => string

const scaleOf = (type: ColumnType | undefined) => (type?.kind === 'decimal' ? type.scale : 0)

function writerOf(
  name: string,
  type: ColumnType | undefined,
  currencyColumn: number | undefined,
  isAmount: boolean,
  locale: string,
  dates: DateWriters,
): CellWriter {
  const asIs: CellWriter = (value) => value
  switch (type?.kind) {
    case 'integer':
      return isIdentifier(name) ? asIs : (value) => formatDecimal(value, 0, locale)
    case 'decimal': {
      const scale = type.scale
      if (!isAmount || currencyColumn === undefined) {
        return (value) => formatDecimal(value, scale, locale)
      }
      return (value, row) => formatAmount(value, row[currencyColumn] ?? '', scale, locale)
    }
    case 'timestamp':
      return (value) => (value ? dates.dateTime(value) : value)
    case 'date':
      return (value) => (value ? dates.day(dottedToIso(value)) : value)
    default:
      return asIs
  }
}

/** The gateway's DD.MM.YYYY as YYYY-MM-DD 00:00:00, the form the date writers read. */
const dottedToIso = (value: string) => {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value)
  return match ? `${match[3]}-${match[2]}-${match[1]} 00:00:00` : value
}

/** Writes the cells of a report with these columns and types, in `locale`. */
export function cellWriter(
  names: readonly string[],
  types: readonly ColumnType[],
  locale: string,
  dates: DateWriters,
): (value: string, column: number, row: readonly string[]) => string {
  const keys = keyColumnsOf(names)
  const writers = names.map((name, column) =>
    writerOf(name, types[column], keys.currency, column === keys.amount, locale, dates),
  )
  return (value, column, row) => writers[column]?.(value, row) ?? value
}

/** Decimals of the column named Amount: what an amount in an unknown currency gets. */
export const amountScale = (names: readonly string[], types: readonly ColumnType[]) => {
  const amount = keyColumnsOf(names).amount
  return amount === undefined ? 2 : scaleOf(types[amount])
}
