import { utimesSync } from 'node:fs'
import { join } from 'node:path'
import type { DuckDBConnection } from '@duckdb/node-api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ColumnType, ViewQuery } from '../../../preload/contract/reports/report-view'
import { openDuckDB } from '../../../main/reports/query/duckdb-engine'
import { createQueryCore } from '../../../main/reports/query/query-core'
import { QueryError } from '../../../main/reports/query/query-error'
import type { QuerySource } from '../../../main/reports/query/query-messages'
import type { QueryService } from '../../../main/reports/query/query-service'
import { english } from '../../../main/platform/i18n/english'
import { caught } from '../../fixtures/caught'
import { quotedRecord, reportFolder, sourceOf } from '../../fixtures/query-reports'

const folder = reportFolder()

/** The process sends a refusal's code and values; main words them so. */
const worded = (error: QueryError) => english(error.messageCode!, error.params)
let service: QueryService
let connection: Promise<DuckDBConnection>
/** Where DuckDB spills, as the query process names it: in its own folder. */
const spillDir = join(folder.dir, 'query-scratch', 'duckdb')

beforeAll(() => {
  // As the query process builds it: queries may come while DuckDB still opens.
  const limits = { memoryLimitMb: 512, threads: 2 }
  connection = openDuckDB(limits, spillDir)
  service = createQueryCore(connection, limits, { scratchDir: folder.dir }).service
})
afterAll(() => folder.remove())

const NAME = 0
const ID = 1
const CREATED = 2
const AMOUNT = 3
const DAY = 6
const TYPES: ColumnType[] = [
  { kind: 'text' },
  { kind: 'integer' },
  { kind: 'timestamp' },
  { kind: 'decimal', scale: 3 },
  { kind: 'text' },
  { kind: 'text' },
  { kind: 'date' },
]
const HEADER = ['Name', 'Id', 'Created', 'Amount', 'Currency', 'Transaction_type', 'Day']
const ROWS = [
  ['beta', '10', '2024-03-01 10:00:00', '5.500', 'EUR', 'SALE', '02.01.2024'],
  ['Alpha', '9', '2024-01-15 08:30:00', '100.000', 'USD', 'REFUND', '15.12.2023'],
  ['alpha', '100', '2024-03-01 09:00:00', '-3.250', 'EUR', 'SALE', '01.02.2024'],
  ['Gamma', 'n/a', '2024-02-29 23:59:59', '20.000', 'EUR', 'REFUND', '29.02.2024'],
  ['beta', '10', '2023-12-31 00:00:00', '0.105', 'USD', 'SALE', '31.12.2023'],
]

function report(header = HEADER, rows = ROWS, types = TYPES): QuerySource {
  const file = folder.write([header, ...rows].map((row) => quotedRecord(row)).join(''))
  return sourceOf(file, { types })
}

const transactions = report()

async function viewIds(query: Partial<ViewQuery>, source = transactions): Promise<number[]> {
  const view = await service.view(source, { sort: [], filters: [], ...query })
  if (view.kind === 'identity') throw new Error('expected the rows of a view')
  return [...view.rowIds]
}

describe("DuckDB's own files", () => {
  it("spill into the query process's private folder, never the shared temp folder", async () => {
    const reader = await (
      await connection
    ).runAndReadAll("SELECT current_setting('temp_directory')")
    expect(reader.getRowsJS()).toEqual([[spillDir]])
  })
})

describe('sorting a report', () => {
  it('orders numbers as numbers, unparseable ones last', async () => {
    expect(await viewIds({ sort: [{ column: ID, descending: false }] })).toEqual([1, 0, 4, 2, 3])
  })

  it('gives only the first rows when asked, with the length of the whole view', async () => {
    const byAmount = { sort: [{ column: AMOUNT, descending: true }], filters: [] }
    expect(await service.view(transactions, byAmount, 3)).toEqual({
      kind: 'rows',
      rowIds: new Uint32Array([1, 3, 0]),
      rowCount: 5,
    })
    const euro: ViewQuery = { ...byAmount, filters: [{ kind: 'equals', column: 4, value: 'EUR' }] }
    expect(await service.view(transactions, euro, 1)).toEqual({
      kind: 'rows',
      rowIds: new Uint32Array([3]),
      rowCount: 3,
    })
    // A view shorter than asked is whole.
    expect(await service.view(transactions, euro, 10)).toEqual({
      kind: 'rows',
      rowIds: new Uint32Array([3, 0, 2]),
    })
  })

  it('orders decimals descending', async () => {
    expect(await viewIds({ sort: [{ column: AMOUNT, descending: true }] })).toEqual([1, 3, 0, 4, 2])
  })

  it('orders DD.MM.YYYY dates by date, not by text', async () => {
    expect(await viewIds({ sort: [{ column: DAY, descending: false }] })).toEqual([1, 4, 0, 2, 3])
  })

  it('orders timestamps', async () => {
    expect(await viewIds({ sort: [{ column: CREATED, descending: true }] })).toEqual([
      0, 2, 3, 1, 4,
    ])
  })

  it('sorts by several columns, text ignoring case, equal rows in file order', async () => {
    const byNameThenAmount = [
      { column: NAME, descending: false },
      { column: AMOUNT, descending: true },
    ]
    expect(await viewIds({ sort: byNameThenAmount })).toEqual([1, 2, 0, 4, 3])
    const byNameDescThenId = [
      { column: NAME, descending: true },
      { column: ID, descending: false },
    ]
    expect(await viewIds({ sort: byNameDescThenId })).toEqual([3, 0, 4, 1, 2])
  })

  it('sorts each of several reports opened in turn, reloading those it let go', async () => {
    const reports = ['b', 'c', 'a'].map((first) =>
      report(['x'], [[first], ['b'], ['a']], [{ kind: 'text' }]),
    )
    for (const round of [1, 2]) {
      for (const [index, source] of reports.entries()) {
        const ids = await viewIds({ sort: [{ column: 0, descending: false }] }, source)
        expect(ids, `report ${index}, round ${round}`).toEqual(
          [
            [2, 0, 1],
            [2, 1, 0],
            [0, 2, 1],
          ][index],
        )
      }
    }
  })

  it('needs no query for the file order', async () => {
    expect(await service.view(transactions, { sort: [], filters: [], search: '' })).toEqual({
      kind: 'identity',
    })
  })
})

describe('filtering a report', () => {
  const cases: [string, ViewQuery['filters'], number[]][] = [
    ['equals text exactly', [{ kind: 'equals', column: NAME, value: 'alpha' }], [2]],
    ['equals a number by value', [{ kind: 'equals', column: AMOUNT, value: '100' }], [1]],
    ['contains, ignoring case', [{ kind: 'contains', column: NAME, value: 'ALP' }], [1, 2]],
    [
      'a decimal range, bounds included',
      [{ kind: 'range', column: AMOUNT, min: '0', max: '20' }],
      [0, 3, 4],
    ],
    [
      'an integer range, unparseable values out',
      [{ kind: 'range', column: ID, min: '10' }],
      [0, 2, 4],
    ],
    [
      'a date range',
      [{ kind: 'range', column: DAY, min: '01.01.2024', max: '29.02.2024' }],
      [0, 2, 3],
    ],
    [
      'a timestamp range up to a whole day',
      [{ kind: 'range', column: CREATED, max: '2024-02-29' }],
      [1, 3, 4],
    ],
    [
      'every filter at once',
      [
        { kind: 'equals', column: 4, value: 'EUR' },
        { kind: 'range', column: AMOUNT, min: '0' },
      ],
      [0, 3],
    ],
  ]
  it.each(cases)('%s', async (_, filters, expected) => {
    expect(await viewIds({ filters })).toEqual(expected)
  })

  it('searches every column, ignoring case, and sorts what it finds', async () => {
    const query = { search: 'usd', sort: [{ column: AMOUNT, descending: false }] }
    expect(await viewIds(query)).toEqual([4, 1])
  })

  it('gives an empty view when nothing passes', async () => {
    expect(await viewIds({ filters: [{ kind: 'equals', column: 4, value: 'JPY' }] })).toEqual([])
  })

  it('refuses a bound that is not of the column type, saying what it needs', async () => {
    const error = await caught(
      () => viewIds({ filters: [{ kind: 'range', column: DAY, min: 'yesterday' }] }),
      QueryError,
    )
    expect(error.failure).toBe('invalid')
    expect(worded(error)).toBe(
      'The filter on Day needs a date like 15.03.2024: "yesterday" is not one.',
    )
  })

  it('refuses a column the report does not have', async () => {
    const error = await caught(
      () => viewIds({ sort: [{ column: 7, descending: false }] }),
      QueryError,
    )
    expect(worded(error)).toBe('The report has 7 columns: there is no column 8.')
  })
})

describe('totals of a view', () => {
  it('adds Amount per Currency and counts rows per Transaction_type, exactly', async () => {
    const totals = await service.totals(transactions, { sort: [], filters: [] })
    expect(totals).toEqual({
      rowCount: 5,
      amountByCurrency: [
        // The net subtracts refunds (the default sign of REFUND).
        { currency: 'EUR', sum: '22.250', count: 3, net: '-17.750' },
        { currency: 'USD', sum: '100.105', count: 2, net: '-99.895' },
      ],
      countByType: [
        { type: 'REFUND', count: 2 },
        { type: 'SALE', count: 3 },
      ],
      // Id is a number that names a row: never summed.
      columnSums: [{ column: AMOUNT, sum: '122.355' }],
    })
  })

  it('totals only the rows of the view', async () => {
    const filters: ViewQuery['filters'] = [{ kind: 'equals', column: 5, value: 'SALE' }]
    const totals = await service.totals(transactions, { sort: [], filters })
    expect(totals.rowCount).toBe(3)
    expect(totals.amountByCurrency).toEqual([
      { currency: 'EUR', sum: '2.250', count: 2, net: '2.250' },
      { currency: 'USD', sum: '0.105', count: 1, net: '0.105' },
    ])
    const none = await service.totals(transactions, { sort: [], filters: [], search: 'nowhere' })
    expect(none.rowCount).toBe(0)
    expect(none.columnSums).toEqual([{ column: AMOUNT, sum: '0.000' }])
  })

  it('sums amounts to the last digit where adding floats drifts', async () => {
    const amounts = Array.from(
      { length: 30_000 },
      (_, i) => ['0.105', '0.1', '1234567.891'][i % 3]!,
    )
    const floatSum = amounts.reduce((sum, amount) => sum + Number(amount), 0)
    const exact = '12345680960.000'
    expect(floatSum.toFixed(3)).not.toBe(exact)
    const source = report(
      ['Amount', 'Currency'],
      amounts.map((amount) => [amount, 'EUR']),
      [{ kind: 'decimal', scale: 3 }, { kind: 'text' }],
    )
    const totals = await service.totals(source, { sort: [], filters: [] })
    expect(totals.amountByCurrency).toEqual([{ currency: 'EUR', sum: exact, count: 30_000 }])
  })

  it('sums values too wide for the fast casts exactly too', async () => {
    const source = report(
      ['Amount', 'Count'],
      [
        ['1.500', '9223372036854775807'],
        ['123456789012345678.250', '9223372036854775807'],
        ['-0.250', '-5'],
        ['x', ''],
      ],
      [{ kind: 'decimal', scale: 3 }, { kind: 'integer' }],
    )
    const totals = await service.totals(source, { sort: [], filters: [] })
    expect(totals.columnSums).toEqual([
      { column: 0, sum: '123456789012345679.500' },
      { column: 1, sum: String(2n * 9223372036854775807n - 5n) },
    ])
  })

  it('sums values too wide for the fast casts exactly per currency and type too', async () => {
    const source = report(
      ['Amount', 'Currency', 'Transaction_type'],
      [
        ['123456789012345678.250', 'EUR', 'SALE'],
        ['1.500', 'EUR', 'SALE'],
        ['99999999999999999999.001', 'EUR', 'REFUND'],
        ['-0.250', 'USD', 'SALE'],
      ],
      [{ kind: 'decimal', scale: 3 }, { kind: 'text' }, { kind: 'text' }],
    )
    const totals = await service.totals(source, { sort: [], filters: [] })
    expect(totals.amountByCurrency).toEqual([
      {
        currency: 'EUR',
        sum: '100123456789012345678.751',
        count: 3,
        net: '-99876543210987654319.251',
      },
      { currency: 'USD', sum: '-0.250', count: 1, net: '-0.250' },
    ])
    expect(totals.columnSums).toEqual([{ column: 0, sum: '100123456789012345678.501' }])
  })

  it('lists at most 1000 currencies and 1000 types, in order, each kind apart', async () => {
    const rows = Array.from({ length: 1500 }, (_, i) => [
      '1.000',
      `C${String(i).padStart(4, '0')}`,
      i % 2 === 0 ? 'SALE' : 'REFUND',
    ])
    const source = report(['Amount', 'Currency', 'Transaction_type'], rows, [
      { kind: 'decimal', scale: 3 },
      { kind: 'text' },
      { kind: 'text' },
    ])
    const totals = await service.totals(source, { sort: [], filters: [] })
    expect(totals.rowCount).toBe(1500)
    expect(totals.amountByCurrency).toHaveLength(1000)
    expect(totals.amountByCurrency![999]).toEqual({
      currency: 'C0999',
      sum: '1.000',
      count: 1,
      net: '-1.000',
    })
    expect(totals.countByType).toEqual([
      { type: 'REFUND', count: 750 },
      { type: 'SALE', count: 750 },
    ])
    expect(totals.columnSums).toEqual([{ column: 0, sum: '1500.000' }])
  })

  it('has no per-currency or per-type totals for a report without those columns', async () => {
    const source = report(
      ['Sum', 'Note'],
      [
        ['1.5', 'a'],
        ['2.25', 'b'],
      ],
      [{ kind: 'decimal', scale: 2 }, { kind: 'text' }],
    )
    expect(await service.totals(source, { sort: [], filters: [] })).toEqual({
      rowCount: 2,
      amountByCurrency: null,
      countByType: null,
      columnSums: [{ column: 0, sum: '3.75' }],
    })
  })
})

describe('what comes from the file or the user stays data', () => {
  it('reads hostile header names and filter values literally', async () => {
    const header = [`a"; DROP TABLE x; --`, `'); SELECT 1; --`, 'Amount']
    const rows = [
      [`' OR 1=1 --`, '100%', '1.000'],
      ['plain', '100', '2.000'],
      [`"; DROP`, 'a_b\\c', '3.000'],
    ]
    const source = report(header, rows, [
      { kind: 'text' },
      { kind: 'text' },
      { kind: 'decimal', scale: 3 },
    ])
    expect(
      await viewIds({ filters: [{ kind: 'equals', column: 0, value: `' OR 1=1 --` }] }, source),
    ).toEqual([0])
    expect(
      await viewIds({ filters: [{ kind: 'contains', column: 1, value: '%' }] }, source),
    ).toEqual([0])
    expect(
      await viewIds({ filters: [{ kind: 'contains', column: 1, value: '_' }] }, source),
    ).toEqual([2])
    expect(await viewIds({ search: `"; drop` }, source)).toEqual([2])
    expect(await viewIds({ sort: [{ column: 0, descending: true }] }, source)).toEqual([1, 0, 2])
  })

  it('reads a file whose path has quotes in it', async () => {
    const quoted = reportFolder()
    const file = quoted.write(quotedRecord(['x']) + quotedRecord(['2']) + quotedRecord(['1']))
    const { renameSync, mkdirSync } = await import('node:fs')
    mkdirSync(`${quoted.dir}/it's "here"`)
    const moved = `${quoted.dir}/it's "here"/report.csv`
    renameSync(file, moved)
    const source = sourceOf(moved)
    expect(await viewIds({ sort: [{ column: 0, descending: false }] }, source)).toEqual([1, 0])
    quoted.remove()
  })
})

describe('a file that no longer reads row for row as the index did', () => {
  it('is refused, saying how many rows each found, rather than given misaligned row ids', async () => {
    const source = { ...report(), expectedRowCount: 6 }
    const error = await caught(
      () => viewIds({ sort: [{ column: 0, descending: false }] }, source),
      QueryError,
    )
    expect(error.failure).toBe('file-changed')
    expect(worded(error)).toMatch(
      /other rows now than when it was opened \(5 rows where there were 6\)/,
    )
  })

  it('is refused when it changed after it was indexed', async () => {
    const source = report()
    utimesSync(source.file, new Date(), new Date(Date.now() + 5000))
    const error = await caught(
      () => viewIds({ sort: [{ column: 0, descending: false }] }, source),
      QueryError,
    )
    expect(error.failure).toBe('file-changed')
  })
})
