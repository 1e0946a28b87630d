import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PivotRequest } from '../../../preload/contract/reports/report-pivot'
import type { ColumnType, ViewQuery } from '../../../preload/contract/reports/report-view'
import { openDuckDB } from '../../../main/reports/query/duckdb-engine'
import { createQueryCore } from '../../../main/reports/query/query-core'
import { QueryError } from '../../../main/reports/query/query-error'
import type { QueryService } from '../../../main/reports/query/query-service'
import { caught } from '../../fixtures/caught'
import { quotedRecord, reportFolder, sourceOf } from '../../fixtures/query-reports'

const folder = reportFolder()
let service: QueryService

beforeAll(() => {
  const limits = { memoryLimitMb: 512, threads: 2 }
  const connection = openDuckDB(limits, `${folder.dir}/duckdb`)
  service = createQueryCore(connection, limits, { scratchDir: folder.dir }).service
})
afterAll(() => folder.remove())

const NAME = 0
const CREATED = 1
const AMOUNT = 2
const CURRENCY = 3
const TYPE = 4
const TYPES: ColumnType[] = [
  { kind: 'text' },
  { kind: 'timestamp' },
  { kind: 'decimal', scale: 3 },
  { kind: 'text' },
  { kind: 'text' },
]
const HEADER = ['Name', 'Created_date', 'Amount', 'Currency', 'Transaction_type']
const ROWS = [
  ['Shop', '2026-11-02 10:00:00', '10.100', 'EUR', 'sale'],
  ['Shop', '2026-11-02 11:00:00', '0.200', 'EUR', 'refund'],
  ['Shop', '2026-11-08 23:59:59', '5.000', 'EUR', 'chargeback'],
  ['Shop', '2026-11-09 00:00:00', '7.000', 'USD', 'sale'],
  ['Other', '2026-12-01 00:00:00', '1.001', 'EUR', 'capture'],
  ['Other', 'yesterday', '3.000', 'USD', 'payout'],
  ['Other', '2026-12-01 08:00:00', 'n/a', 'EUR', 'auth'],
]

const source = sourceOf(folder.write([HEADER, ...ROWS].map((row) => quotedRecord(row)).join('')), {
  types: TYPES,
})
const ALL: ViewQuery = { sort: [], filters: [] }

function pivot(request: Partial<PivotRequest>, query = ALL, of = source) {
  return service.pivot(of, query, { groupBy: [], measures: [], netSigns: [], ...request })
}

describe('a pivot of a report view', () => {
  it('counts and sums exactly per group, with the net per currency by transaction type', async () => {
    const result = await pivot({
      groupBy: [{ column: CURRENCY }],
      measures: [{ column: AMOUNT, kind: 'sum' }],
    })
    expect(result).toEqual({
      moreGroups: false,
      groups: [
        // 10.100 + 0.200 + 5.000 + 1.001; net 10.100 - 0.200 - 5.000 + 1.001 (auth left out).
        { keys: ['EUR'], count: 5, values: ['16.301'], net: [{ currency: 'EUR', net: '5.901' }] },
        { keys: ['USD'], count: 2, values: ['10.000'], net: [{ currency: 'USD', net: '4.000' }] },
      ],
    })
  })

  it('lists the net per currency in a group that Currency does not key', async () => {
    const { groups } = await pivot({ groupBy: [{ column: NAME }] })
    expect(groups.map(({ keys, net }) => ({ keys, net }))).toEqual([
      {
        keys: ['Other'],
        net: [
          { currency: 'EUR', net: '1.001' },
          { currency: 'USD', net: '-3.000' },
        ],
      },
      {
        keys: ['Shop'],
        net: [
          { currency: 'EUR', net: '4.900' },
          { currency: 'USD', net: '7.000' },
        ],
      },
    ])
  })

  it("takes the user's sign for a type over its default", async () => {
    const { groups } = await pivot({
      groupBy: [{ column: CURRENCY }],
      netSigns: [
        { type: 'refund', sign: 1 },
        { type: 'chargeback', sign: 0 },
      ],
    })
    expect(groups[0]!.net).toEqual([{ currency: 'EUR', net: '11.301' }])
  })

  it('groups timestamps by day, ISO week from Monday and month; a value that is no date apart, last', async () => {
    const keysBy = async (bucket: 'day' | 'week' | 'month') =>
      (await pivot({ groupBy: [{ column: CREATED, bucket }] })).groups.map((group) => [
        group.keys[0],
        group.count,
      ])
    expect(await keysBy('day')).toEqual([
      ['2026-11-02', 2],
      ['2026-11-08', 1],
      ['2026-11-09', 1],
      ['2026-12-01', 2],
      [null, 1],
    ])
    // 8 November 2026 is a Sunday: it belongs to the week of Monday 2 November.
    expect(await keysBy('week')).toEqual([
      ['2026-11-02', 3],
      ['2026-11-09', 1],
      ['2026-11-30', 2],
      [null, 1],
    ])
    expect(await keysBy('month')).toEqual([
      ['2026-11', 4],
      ['2026-12', 2],
      [null, 1],
    ])
  })

  it('gives min, max and an average with two more fraction digits, null where no number', async () => {
    const { groups } = await pivot({
      groupBy: [{ column: NAME }, { column: CURRENCY }],
      measures: [
        { column: AMOUNT, kind: 'min' },
        { column: AMOUNT, kind: 'max' },
        { column: AMOUNT, kind: 'avg' },
      ],
    })
    expect(groups.map((group) => [...group.keys, group.count, ...group.values])).toEqual([
      ['Other', 'EUR', 2, '1.001', '1.001', '1.00100'],
      ['Other', 'USD', 1, '3.000', '3.000', '3.00000'],
      // (10.100 + 0.200 + 5.000) / 3 = 5.1 exactly; (one third would round half away from zero).
      ['Shop', 'EUR', 3, '0.200', '10.100', '5.10000'],
      ['Shop', 'USD', 1, '7.000', '7.000', '7.00000'],
    ])
  })

  it("applies the view's filters and search", async () => {
    const { groups } = await pivot(
      { groupBy: [{ column: CURRENCY }] },
      { sort: [], filters: [{ kind: 'equals', column: NAME, value: 'Shop' }], search: '2026-11-0' },
    )
    expect(groups.map((group) => [group.keys[0], group.count])).toEqual([
      ['EUR', 3],
      ['USD', 1],
    ])
  })

  it('lists at most 1000 groups and says there are more', async () => {
    const many = Array.from({ length: 1002 }, (_, row) => [`n${String(row).padStart(4, '0')}`])
    const file = folder.write([['Id'], ...many].map((row) => quotedRecord(row)).join(''))
    const result = await pivot({ groupBy: [{ column: 0 }] }, ALL, sourceOf(file))
    expect(result.groups).toHaveLength(1000)
    expect(result.groups.at(-1)!.keys).toEqual(['n0999'])
    expect(result.moreGroups).toBe(true)
    expect(result.groups[0]!.net).toBeNull()
  })

  it('refuses a bucket of a column of numbers and a figure of text, naming the column', async () => {
    const bucket = await caught(
      () => pivot({ groupBy: [{ column: AMOUNT, bucket: 'day' }] }),
      QueryError,
    )
    expect(bucket).toMatchObject({
      failure: 'invalid',
      messageCode: 'report.pivot.bucket-not-date',
      params: { column: 'Amount' },
    })
    const measure = await caught(
      () => pivot({ groupBy: [{ column: NAME }], measures: [{ column: TYPE, kind: 'sum' }] }),
      QueryError,
    )
    expect(measure).toMatchObject({
      messageCode: 'report.pivot.measure-not-number',
      params: { column: 'Transaction_type' },
    })
  })
})
