import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  FILTER_VALUES_MAX,
  viewQuerySchema,
  type ColumnType,
  type ViewQuery,
} from '../../../preload/contract/reports/report-view'
import { DISTINCT_VALUES_MAX } from '../../../preload/contract/reports/report-limits'
import { openDuckDB } from '../../../main/reports/query/duckdb-engine'
import { createQueryCore } from '../../../main/reports/query/query-core'
import { QueryError } from '../../../main/reports/query/query-error'
import type { QueryService } from '../../../main/reports/query/query-service'
import { english } from '../../../main/platform/i18n/english'
import { caught } from '../../fixtures/caught'
import { quotedRecord, reportFolder, sourceOf } from '../../fixtures/query-reports'

const folder = reportFolder()
let service: QueryService

beforeAll(() => {
  const limits = { memoryLimitMb: 512, threads: 2 }
  const connection = openDuckDB(limits, join(folder.dir, 'duckdb'))
  service = createQueryCore(connection, limits, { scratchDir: folder.dir }).service
})
afterAll(() => folder.remove())

const STATUS = 0
const AMOUNT = 1
const CREATED = 2
const ID = 3
const EMAIL = 4
const TYPES: ColumnType[] = [
  { kind: 'text' },
  { kind: 'decimal', scale: 2 },
  { kind: 'timestamp' },
  { kind: 'integer' },
  { kind: 'text' },
]
const ROWS = [
  ['approved', '9007199254740993.01', '2024-03-15 14:30:00', '10', 'A@Example.com'],
  ['declined', '9007199254740992.01', '2024-03-15 23:59:59', 'n/a', 'b@example.org'],
  ['Approved', '50.00', '2024-03-16 00:00:00', '7', ''],
  ['', '50.5', '2024-03-14 08:00:00', '', 'c,d@example.com'],
  ['pending', 'oops', 'never', '10', 'x'],
]
const source = sourceOf(
  folder.write(
    [['Status', 'Amount', 'Created', 'Id', 'Email'], ...ROWS]
      .map((row) => quotedRecord(row))
      .join(''),
  ),
  { types: TYPES },
)

async function kept(filters: ViewQuery['filters']): Promise<number[]> {
  const view = await service.view(source, { sort: [], filters })
  if (view.kind === 'identity') throw new Error('expected the rows of a view')
  return [...view.rowIds]
}

describe('oneOf: any of a list of values', () => {
  it('matches text exactly as the grid shows it (case and all)', async () => {
    expect(
      await kept([{ kind: 'oneOf', column: STATUS, values: ['approved', 'declined'] }]),
    ).toEqual([0, 1])
  })

  it('matches an empty cell by the empty value', async () => {
    expect(await kept([{ kind: 'oneOf', column: STATUS, values: [''] }])).toEqual([3])
  })

  it('matches numbers by value, and text a number column holds as written', async () => {
    expect(await kept([{ kind: 'oneOf', column: AMOUNT, values: ['50', '50.50'] }])).toEqual([2, 3])
    expect(await kept([{ kind: 'oneOf', column: ID, values: ['n/a', '7.0'] }])).toEqual([1, 2])
  })

  it('reads a value of quotes and SQL as data', async () => {
    const hostile = [`') OR 1=1 --`, `'; DROP TABLE r1_0; --`]
    expect(await kept([{ kind: 'oneOf', column: STATUS, values: hostile }])).toEqual([])
  })

  it('takes as many values as the checklist lists, and no more', async () => {
    const values = Array.from({ length: FILTER_VALUES_MAX - 1 }, (_, n) => `v${n}`)
    expect(await kept([{ kind: 'oneOf', column: STATUS, values: [...values, 'pending'] }])).toEqual(
      [4],
    )
    const tooMany = {
      sort: [],
      filters: [{ kind: 'oneOf', column: 0, values: [...values, 'a', 'b'] }],
    }
    expect(viewQuerySchema.safeParse(tooMany).success).toBe(false)
    const none = { sort: [], filters: [{ kind: 'oneOf', column: 0, values: [] }] }
    expect(viewQuerySchema.safeParse(none).success).toBe(false)
  })
})

describe('notEquals', () => {
  it('keeps every other row, empty and unparseable cells included', async () => {
    expect(await kept([{ kind: 'notEquals', column: STATUS, value: 'approved' }])).toEqual([
      1, 2, 3, 4,
    ])
    expect(await kept([{ kind: 'notEquals', column: ID, value: '10.00' }])).toEqual([1, 2, 3])
  })
})

describe('ranges typed by the column', () => {
  it('compares decimals exactly, past what a double tells apart', async () => {
    expect(
      await kept([
        { kind: 'range', column: AMOUNT, min: '9007199254740993', max: '9007199254740993.01' },
      ]),
    ).toEqual([0])
    expect(await kept([{ kind: 'range', column: AMOUNT, max: '50.49999999999999999' }])).toEqual([
      2,
    ])
  })

  it('reads timestamp bounds day first as dates are typed, a day alone as max keeping that day', async () => {
    expect(
      await kept([{ kind: 'range', column: CREATED, min: '15.03.2024', max: '15.03.2024' }]),
    ).toEqual([0, 1])
    expect(
      await kept([{ kind: 'range', column: CREATED, min: '15.03.2024 14:31', max: '2024-03-16' }]),
    ).toEqual([1, 2])
  })

  it('leaves an exclusive bound out, a day alone as a whole day', async () => {
    const above50 = { kind: 'range', column: AMOUNT, min: '50', minExclusive: true } as const
    expect(await kept([above50])).toEqual([0, 1, 3])
    const below50_5 = { kind: 'range', column: AMOUNT, max: '50.50', maxExclusive: true } as const
    expect(await kept([below50_5])).toEqual([2])
    const afterThe15th = { kind: 'range', column: CREATED, min: '15.03.2024', minExclusive: true }
    expect(await kept([afterThe15th as ViewQuery['filters'][number]])).toEqual([2])
    const beforeThe15th = { kind: 'range', column: CREATED, max: '2024-03-15', maxExclusive: true }
    expect(await kept([beforeThe15th as ViewQuery['filters'][number]])).toEqual([3])
  })

  it('refuses a timestamp bound of neither form, saying both', async () => {
    const error = await caught(
      () => kept([{ kind: 'range', column: CREATED, min: '15/03/2024' }]),
      QueryError,
    )
    expect(english(error.messageCode!, error.params)).toBe(
      'The filter on Created needs a date and time like 2024-03-15 14:30:00 or 15.03.2024 14:30 (or a day alone): "15/03/2024" is not one.',
    )
  })
})

describe('filters together', () => {
  it('keep the rows that pass every one', async () => {
    expect(
      await kept([
        { kind: 'contains', column: EMAIL, value: '@EXAMPLE.com' },
        { kind: 'notEquals', column: STATUS, value: '' },
      ]),
    ).toEqual([0])
  })
})

describe("a column's distinct values, for its checklist", () => {
  const statusList = (query: Partial<ViewQuery>, column = STATUS) =>
    service.distinct(source, { sort: [], filters: [], ...query }, column)

  it('counts each value as the grid shows it, most rows first, an empty cell as ""', async () => {
    expect(await statusList({}, ID)).toEqual({
      values: [
        { value: '10', count: 2 },
        { value: '7', count: 1 },
        { value: '', count: 1 },
        { value: 'n/a', count: 1 },
      ],
      more: false,
    })
  })

  it("counts in the view of the other filters and the search, the column's own left out", async () => {
    const filters: ViewQuery['filters'] = [
      { kind: 'oneOf', column: STATUS, values: ['approved'] },
      { kind: 'range', column: AMOUNT, min: '50' },
    ]
    expect(await statusList({ filters, search: 'example' })).toEqual({
      values: [
        { value: '', count: 1 },
        { value: 'approved', count: 1 },
        { value: 'declined', count: 1 },
      ],
      more: false,
    })
  })

  it('lists the first 1,000 and says there are more', async () => {
    // Few values in the first 100,000 rows, more after them: the whole column is grouped.
    const common = Array.from({ length: 100_000 }, (_, n) => `common-${n % 10}`)
    const rare = Array.from({ length: DISTINCT_VALUES_MAX + 5 }, (_, n) => `id-${n}`)
    const file = folder.write(
      ['Id', ...common, 'common-7', ...rare].map((id) => `${id}\n`).join(''),
    )
    const list = await service.distinct(sourceOf(file), { sort: [], filters: [] }, 0)
    expect(list.more).toBe(true)
    expect(list.values).toHaveLength(DISTINCT_VALUES_MAX)
    expect(list.values[0]).toEqual({ value: 'common-7', count: 10_001 })
  })

  it('lists nothing when the first rows alone hold more values than a list', async () => {
    const ids = Array.from({ length: DISTINCT_VALUES_MAX + 5 }, (_, n) => `id-${n}`)
    const file = folder.write(['Id', ...ids].map((id) => `${id}\n`).join(''))
    const list = await service.distinct(sourceOf(file), { sort: [], filters: [] }, 0)
    expect(list).toEqual({ values: [], more: true })
  })
})
