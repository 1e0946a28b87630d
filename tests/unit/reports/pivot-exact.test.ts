import { describe, expect, it } from 'vitest'
import { defaultNetSign, netSignOf } from '../../../preload/contract/reports/pivot-rules'
import { averageOf, fromUnits, toUnits } from '../../../main/reports/query/exact-decimal'
import { pivotChartData } from '../../../renderer/src/features/reports/table/pivot-chart-data'
import { pivotTable } from '../../../renderer/src/features/reports/table/pivot-rows'
import type { PivotRequest, PivotResult } from '../../../preload/contract/reports/report-pivot'

describe('exact decimals of the pivot', () => {
  it('reads and writes DuckDB decimal strings without floats', () => {
    expect(toUnits('-0.105', 3)).toBe(-105n)
    expect(toUnits('12345678901234567890.125', 3)).toBe(12345678901234567890125n)
    expect(toUnits('7', 3)).toBe(7000n)
    expect(fromUnits(-5n, 3)).toBe('-0.005')
    expect(fromUnits(123n, 0)).toBe('123')
  })

  it('averages with the stated extra digits, rounding half away from zero', () => {
    expect(averageOf(10n, 3, 3, 2)).toBe('0.00333')
    expect(averageOf(20n, 3, 3, 2)).toBe('0.00667')
    // 0.001 / 4 = 0.00025, exactly half of the last digit: away from zero, either sign.
    expect(averageOf(1n, 4, 3, 1)).toBe('0.0003')
    expect(averageOf(-1n, 4, 3, 1)).toBe('-0.0003')
    expect(averageOf(5n, 2, 0, 0)).toBe('3')
    expect(averageOf(-5n, 2, 0, 0)).toBe('-3')
  })
})

describe('the net signs', () => {
  it('subtract money going back or out, leave out what moves none, add the rest', () => {
    expect(['sale', 'capture', 'SALE'].map(defaultNetSign)).toEqual([1, 1, 1])
    expect(
      ['refund', 'Chargeback', 'reversal', 'payout', 'partial_refund'].map(defaultNetSign),
    ).toEqual([-1, -1, -1, -1, -1])
    expect(['auth', 'preauth', 'void', 'cancel'].map(defaultNetSign)).toEqual([0, 0, 0, 0])
    expect(netSignOf('refund', [{ type: 'refund', sign: 1 }])).toBe(1)
  })
})

const request: PivotRequest = {
  groupBy: [{ column: 1, bucket: 'day' }, { column: 0 }],
  measures: [{ column: 2, kind: 'sum' }],
  netSigns: [],
}
const result: PivotResult = {
  moreGroups: false,
  groups: [
    {
      keys: ['2026-11-02', 'EUR'],
      count: 2,
      values: ['10.200'],
      net: [{ currency: 'EUR', net: '10.000' }],
    },
    {
      keys: ['2026-11-02', 'USD'],
      count: 1,
      values: ['7.000'],
      net: [{ currency: 'USD', net: '7.000' }],
    },
    { keys: [null, 'USD'], count: 1, values: [null], net: [{ currency: 'USD', net: '-2.000' }] },
  ],
}

describe('a built pivot in the window', () => {
  const words = {
    key: (column: string, bucket?: string) => (bucket ? `${column} ${bucket}` : column),
    count: 'Rows',
    figure: (kind: string, column: string) => `${kind} ${column}`,
    net: (currency: string) => `Net ${currency}`,
    noDate: '(not a date)',
    bucketKey: (key: string) => key,
  }

  it('is a table of exact decimal text, the net per currency in columns of its own', () => {
    expect(pivotTable(result, request, ['Currency', 'Created_date', 'Amount'], words)).toEqual({
      header: ['Created_date day', 'Currency', 'Rows', 'sum Amount', 'Net EUR', 'Net USD'],
      rows: [
        ['2026-11-02', 'EUR', '2', '10.200', '10.000', ''],
        ['2026-11-02', 'USD', '1', '7.000', '', '7.000'],
        ['(not a date)', 'USD', '1', '', '', '-2.000'],
      ],
      keyCount: 2,
      // Sum of Amount in the row's Currency key's decimals, each net in its own currency's.
      money: [null, null, null, { currencyColumn: 1 }, { currency: 'EUR' }, { currency: 'USD' }],
    })
  })

  it("shows Amount's sum, minimum and maximum as money only by a Currency key, never its average", () => {
    const moneyOf = (groupBy: PivotRequest['groupBy'], kinds: PivotRequest['measures']) =>
      pivotTable(
        { moreGroups: false, groups: [] },
        { groupBy, measures: kinds, netSigns: [] },
        ['Currency', 'Created_date', 'Amount', 'Fee'],
        words,
      ).money
    const figures: PivotRequest['measures'] = [
      { column: 2, kind: 'min' },
      { column: 2, kind: 'max' },
      { column: 2, kind: 'avg' },
      { column: 3, kind: 'sum' },
    ]
    const byCurrency = { currencyColumn: 0 }
    expect(moneyOf([{ column: 0 }], figures)).toEqual([
      null,
      null,
      byCurrency,
      byCurrency,
      null,
      null,
    ])
    // Without Currency among the keys a group may add several currencies: no one's decimals.
    expect(moneyOf([{ column: 1, bucket: 'month' }], figures)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ])
  })

  it('charts the first key along the axis, a line per value of the others over a date bucket', () => {
    expect(
      pivotChartData(result, request, 0, {
        noDate: '(not a date)',
        bucketKey: (key) => key,
        all: 'all',
      }),
    ).toEqual({
      categories: ['2026-11-02', '(not a date)'],
      series: [
        { name: 'EUR', values: [10.2, null] },
        { name: 'USD', values: [7, null] },
      ],
      line: true,
    })
  })
})
