import { describe, expect, it } from 'vitest'
import {
  cellWriter,
  currencyDigits,
  formatAmount,
  formatDecimal,
} from '../../../preload/contract/reports/cell-format'
import type { ColumnType } from '../../../preload/contract/reports/report-view'

const dates = { dateTime: (value: string) => `dt(${value})`, day: (value: string) => `d(${value})` }
const COLUMNS = [
  'Transaction_id',
  'Created_date',
  'Amount',
  'Currency',
  'Fee',
  'Qty',
  'Date_of_report',
  'Note',
]
const TYPES: ColumnType[] = [
  { kind: 'integer' },
  { kind: 'timestamp' },
  { kind: 'decimal', scale: 3 },
  { kind: 'text' },
  { kind: 'decimal', scale: 3 },
  { kind: 'integer' },
  { kind: 'date' },
  { kind: 'text' },
]
const row = (amount: string, currency: string) => [
  '5000001',
  '2026-10-01 13:05:00',
  amount,
  currency,
  '1234.5',
  '1234567',
  '01.10.2026',
  'Order 7',
]
const written = (locale: string, values: string[]) => {
  const write = cellWriter(COLUMNS, TYPES, locale, dates)
  return values.map((value, column) => write(value, column, values))
}

describe('currencies’ minor units, as Intl knows them', () => {
  it('gives 2 for EUR, 0 for JPY, 3 for KWD, and none for a code that is no currency', () => {
    expect(currencyDigits('EUR')).toBe(2)
    expect(currencyDigits('jpy')).toBe(0)
    expect(currencyDigits('KWD')).toBe(3)
    expect(currencyDigits('')).toBeNull()
    expect(currencyDigits('EURO')).toBeNull()
    expect(currencyDigits('12')).toBeNull()
  })
})

describe('numbers as the grid and the totals write them', () => {
  it('rounds exact decimal text half away from zero, never through a float', () => {
    expect(formatDecimal('1029.475', 2, 'en')).toBe('1,029.48')
    expect(formatDecimal('-1029.475', 2, 'en')).toBe('-1,029.48')
    // Beyond a float’s 15 or 16 digits: written from the exact text.
    expect(formatDecimal('12345678901234567.125', 3, 'en')).toBe('12,345,678,901,234,567.125')
    expect(formatDecimal('7', 2, 'ru')).toBe('7,00')
    expect(formatDecimal('n/a', 2, 'en')).toBe('n/a')
  })

  it('writes an amount with its own currency’s decimals, or the column’s for an unknown code', () => {
    expect(formatAmount('10000000.5', 'EUR', 3, 'en')).toBe('10,000,000.50')
    expect(formatAmount('1500.4', 'JPY', 3, 'en')).toBe('1,500')
    expect(formatAmount('12.3456', 'KWD', 3, 'en')).toBe('12.346')
    expect(formatAmount('12.3456', 'XYZW', 3, 'en')).toBe('12.346')
  })
})

describe('a report’s cells as the grid shows them', () => {
  it('groups numbers, gives Amount its row’s currency, leaves ids and text alone', () => {
    expect(written('en', row('1029.470', 'EUR'))).toEqual([
      '5000001',
      'dt(2026-10-01 13:05:00)',
      '1,029.47',
      'EUR',
      '1,234.500',
      '1,234,567',
      'd(2026-10-01 00:00:00)',
      'Order 7',
    ])
    expect(written('en', row('1029.470', 'JPY'))[2]).toBe('1,029')
    expect(written('en', row('1029.470', 'KWD'))[2]).toBe('1,029.470')
  })

  it('writes them as Russian does', () => {
    const cells = written('ru', row('1029.470', 'EUR'))
    expect(cells[2]).toBe('1\u00a0029,47')
    expect(cells[5]).toBe('1\u00a0234\u00a0567')
  })

  it('keeps empty cells empty', () => {
    const values = ['', '', '', '', '', '', '', '']
    expect(written('en', values)).toEqual(values)
  })
})
