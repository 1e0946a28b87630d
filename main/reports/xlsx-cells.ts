import {
  asUtcFields,
  parseDottedDate,
  parseReportTimestamp,
  type CalendarDate,
} from '../../preload/contract/platform/calendar'
import type { ColumnType } from '../../preload/contract/reports/report-view'
import { totalsColumns } from './query/totals-columns'
import { moneyDigits, type MoneyOf } from '../../preload/contract/reports/cell-format'

/** A cell as exceljs writes it: a number, a date or text, with the number format it shows in. */
export interface XlsxCell {
  value: number | Date | string | null
  numFmt?: string
}

/** Makes the cell of one exported column from a whole row of the report. */
export type CellMaker = (row: readonly string[]) => XlsxCell

/** Excel keeps 15 significant digits: a longer number stays text rather than lose its digits. */
const EXCEL_DIGITS_MAX = 15
const NUMBER = /^-?\d+(?:\.\d+)?$/
/** The app's one date format (YYYY-MM-DD), as the grid shows dates. */
const DATE_FORMAT = 'yyyy-mm-dd'
const TIMESTAMP_FORMAT = 'yyyy-mm-dd hh:mm:ss'

/** `#,##0` with `scale` decimals: grouped digits, as the grid shows numbers. */
export const numberFormat = (scale: number) => (scale > 0 ? `#,##0.${'0'.repeat(scale)}` : '#,##0')

const significantDigits = (text: string) => text.replace(/[-.]/g, '').replace(/^0+/, '').length

function asNumber(text: string, numFmt: string): XlsxCell {
  if (!NUMBER.test(text) || significantDigits(text) > EXCEL_DIGITS_MAX) return { value: text }
  return { value: Number(text), numFmt }
}

/** A real calendar day or time, read as UTC: exceljs writes a Date's UTC fields as Excel's serial. */
function asDate(time: CalendarDate | null, text: string, numFmt: string): XlsxCell {
  return time ? { value: asUtcFields(time), numFmt } : { value: text }
}

/** A report's amounts: Amount in its row's Currency, when it has both. */
function reportMoney(header: readonly string[], types: readonly ColumnType[]) {
  const { amount, currency } = totalsColumns({ header: [...header], columnTypes: [...types] })
  return header.map((_, column): MoneyOf | null =>
    column === amount && currency !== null ? { currencyColumn: currency } : null,
  )
}

/**
 * Cell makers for the exported `columns` (in view order) of a report with `header` and `types`:
 * numbers as numbers (an amount in its currency's decimals: `money`, by default Amount in its
 * row's Currency), dates as dates, everything else as text. A value that does not fit its
 * column's detected type stays text, as do values a spreadsheet could run as formulas: exceljs
 * writes a string as a string, never as a formula.
 */
export function cellMakers(
  header: readonly string[],
  types: readonly ColumnType[],
  columns: readonly number[],
  money: readonly (MoneyOf | null)[] = reportMoney(header, types),
): CellMaker[] {
  return columns.map((column): CellMaker => {
    const type = types[column] ?? { kind: 'text' }
    const field = (row: readonly string[]) => row[column] ?? ''
    const orEmpty =
      (make: (text: string, row: readonly string[]) => XlsxCell): CellMaker =>
      (row) => {
        const text = field(row)
        return text === '' ? { value: null } : make(text, row)
      }
    switch (type.kind) {
      case 'integer':
      case 'decimal': {
        const own = numberFormat(type.kind === 'decimal' ? type.scale : 0)
        const amountOf = money[column]
        if (!amountOf) return orEmpty((text) => asNumber(text, own))
        return orEmpty((text, row) => {
          const decimals = moneyDigits(amountOf, row)
          return asNumber(text, decimals === null ? own : numberFormat(decimals))
        })
      }
      case 'timestamp':
        return orEmpty((text) => asDate(parseReportTimestamp(text), text, TIMESTAMP_FORMAT))
      case 'date':
        return orEmpty((text) => asDate(parseDottedDate(text), text, DATE_FORMAT))
      case 'text':
        return orEmpty((text) => ({ value: text }))
    }
  })
}
