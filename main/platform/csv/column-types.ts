import { parseDottedDate, parseReportTimestamp } from '../../../preload/contract/platform/calendar'
import type { ColumnType } from '../../../preload/contract/reports/report-view'

/** Up to 18 digits, no leading zero: fits a 64-bit integer; `007` is an identifier, not a number. */
const INTEGER = /^-?(?:0|[1-9]\d{0,17})$/
const DECIMAL = /^-?(?:0|[1-9]\d{0,17})\.(\d{1,18})$/

/** What the values seen so far in a column could all be. */
interface Candidates {
  integer: boolean
  decimal: boolean
  timestamp: boolean
  date: boolean
  scale: number
  seen: boolean
}

/**
 * The type of each of `columnCount` columns, from sample rows (the head, perhaps windows from
 * further on): the narrowest type every non-empty value fits. Empty values do not decide; a
 * column with none is text. A decimal's scale is the most fraction digits seen.
 */
export function detectColumnTypes(columnCount: number, rows: readonly string[][]): ColumnType[] {
  const columns = Array.from({ length: columnCount }, (): Candidates => ({
    integer: true,
    decimal: true,
    timestamp: true,
    date: true,
    scale: 0,
    seen: false,
  }))
  for (const row of rows) {
    columns.forEach((column, i) => {
      const value = row[i]
      if (value) narrow(column, value)
    })
  }
  return columns.map(typeOf)
}

function narrow(column: Candidates, value: string): void {
  column.seen = true
  if (column.integer && !INTEGER.test(value)) column.integer = false
  if (column.decimal && !column.integer) {
    const fraction = DECIMAL.exec(value)?.[1]
    if (fraction) column.scale = Math.max(column.scale, fraction.length)
    else if (!INTEGER.test(value)) column.decimal = false
  }
  if (column.timestamp && !parseReportTimestamp(value)) column.timestamp = false
  if (column.date && !parseDottedDate(value)) column.date = false
}

function typeOf(column: Candidates): ColumnType {
  if (!column.seen) return { kind: 'text' }
  if (column.integer) return { kind: 'integer' }
  if (column.decimal) return { kind: 'decimal', scale: column.scale }
  if (column.timestamp) return { kind: 'timestamp' }
  if (column.date) return { kind: 'date' }
  return { kind: 'text' }
}
