import { describe, expect, it } from 'vitest'
import { detectColumnTypes } from '../../../../main/platform/csv/column-types'

/** Rows of the gateway's transactions report (spec §2.2): Merchant_Name … Date_of_report. */
const TRANSACTIONS = [
  [
    'Ромашка',
    '1001',
    'ORD-1',
    '2024-03-01 09:15:00',
    '10.500',
    'EUR',
    'sale',
    'Coffee',
    '15.03.2024',
  ],
  ['Ромашка', '1002', '0042', '2024-03-01 23:59:59', '-3.000', 'EUR', 'refund', '', '15.03.2024'],
  [
    'Second Shop',
    '1003',
    'ORD-3',
    '2024-02-29 00:00:00',
    '1234567.125',
    'USD',
    'sale',
    '12',
    '15.03.2024',
  ],
  ['Second Shop', '', '', '', '', '', '', '', ''],
]

describe('column type detection', () => {
  it('types the columns of a transactions report by their values', () => {
    expect(detectColumnTypes(9, TRANSACTIONS)).toEqual([
      { kind: 'text' },
      { kind: 'integer' },
      { kind: 'text' },
      { kind: 'timestamp' },
      { kind: 'decimal', scale: 3 },
      { kind: 'text' },
      { kind: 'text' },
      { kind: 'text' },
      { kind: 'date' },
    ])
  })

  it('takes the most fraction digits seen as the scale, integers included', () => {
    expect(detectColumnTypes(1, [['1'], ['2.5'], ['0.125'], ['-7']])).toEqual([
      { kind: 'decimal', scale: 3 },
    ])
  })

  it('keeps as text what only looks like a number or a date', () => {
    const columns = [
      ['007'],
      ['1.'],
      ['12345678901234567890'],
      ['31.02.2024'],
      ['2024-13-01 00:00:00'],
      ['2024-03-01 24:00:00'],
      ['2024-03-01 09:60:00'],
      ['1e5'],
    ]
    for (const values of columns) {
      expect(detectColumnTypes(1, [values, ['1']])).toEqual([{ kind: 'text' }])
    }
  })

  it('reads a time written with a T as a time, as print and export read it', () => {
    expect(detectColumnTypes(1, [['2024-03-01T09:15:00'], ['2024-02-29 23:59:59']])).toEqual([
      { kind: 'timestamp' },
    ])
  })

  it('lets empty values and short rows decide nothing', () => {
    expect(detectColumnTypes(3, [['', '5'], ['', ''], []])).toEqual([
      { kind: 'text' },
      { kind: 'integer' },
      { kind: 'text' },
    ])
  })
})
