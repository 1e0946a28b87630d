import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { DuckDBConnection } from '@duckdb/node-api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PivotRequest } from '../../../preload/contract/reports/report-pivot'
import type { ColumnType, ViewQuery } from '../../../preload/contract/reports/report-view'
import { openDuckDB } from '../../../main/reports/query/duckdb-engine'
import { createQueryCore } from '../../../main/reports/query/query-core'
import { QueryError } from '../../../main/reports/query/query-error'
import type { QuerySource } from '../../../main/reports/query/query-messages'
import type { QueryService } from '../../../main/reports/query/query-service'
import { caught } from '../../fixtures/caught'
import { quotedRecord, reportFolder, sourceOf, withDirectRead } from '../../fixtures/query-reports'

// Totals and pivots of every row are answered by DuckDB reading the report file itself, with
// no table built; the answer stands only when DuckDB read the rows the index and the window did.

const folder = reportFolder()
const scratchDir = join(folder.dir, 'query-scratch')
let connection: Promise<DuckDBConnection>
let service: QueryService
/** The files DuckDB was asked to read, one entry per query (its first value is the file). */
const filesRead: string[] = []

beforeAll(() => {
  const limits = { memoryLimitMb: 512, threads: 2 }
  connection = openDuckDB(limits, join(scratchDir, 'duckdb'))
  const counted = connection.then((open) => countingFilesRead(open))
  service = createQueryCore(counted, limits, { scratchDir: folder.dir }).service
})

/** The connection, noting the file each query reads (queries over the file bind it first). */
function countingFilesRead(open: DuckDBConnection, log = filesRead): DuckDBConnection {
  return new Proxy(open, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver)
      if (name !== 'runAndReadAll' || typeof value !== 'function') return value
      return (sql: string, values?: string[]) => {
        if (values?.[0]) log.push(values[0])
        return (value as DuckDBConnection['runAndReadAll']).call(target, sql, values)
      }
    },
  })
}
afterAll(() => folder.remove())

const HEADER = ['Created', 'Amount', 'Currency', 'Transaction_type']
const TYPES: ColumnType[] = [
  { kind: 'timestamp' },
  { kind: 'decimal', scale: 2 },
  { kind: 'text' },
  { kind: 'text' },
]
const ROWS = [
  ['2026-11-01 10:00:00', '10.50', 'EUR', 'sale'],
  ['2026-11-01 11:00:00', '2.25', 'EUR', 'refund'],
  ['2026-11-02 09:00:00', '100.00', 'USD', 'sale'],
  ['2026-11-02 12:00:00', '1.10', 'EUR', 'sale'],
]
const EVERY_ROW: ViewQuery = { sort: [], filters: [] }
const PIVOT: PivotRequest = {
  groupBy: [{ column: 0, bucket: 'day' }],
  measures: [{ column: 1, kind: 'sum' }],
  netSigns: [],
}

/** A new report file of `rows` that DuckDB may read itself, checked against every row. */
function report(rows = ROWS): QuerySource {
  const file = folder.write([HEADER, ...rows].map((row) => quotedRecord(row)).join(''))
  return withDirectRead(sourceOf(file, { types: TYPES }), rows)
}

/** The tables DuckDB holds now (loaded columns; the two reports used last keep theirs). */
async function tableNames(): Promise<string[]> {
  const reader = await (await connection).runAndReadAll('SELECT table_name FROM duckdb_tables()')
  return reader.getRowsJS().map(([name]) => String(name))
}

/** Tables made since `before`. */
async function tablesSince(before: readonly string[]): Promise<string[]> {
  return (await tableNames()).filter((name) => !before.includes(name))
}

/** The same answer from the report's loaded columns: a search loads every column first. */
async function fromLoadedColumns<T>(source: QuerySource, ask: () => Promise<T>): Promise<T> {
  await service.view(source, { ...EVERY_ROW, search: 'e' })
  return ask()
}

describe('totals and pivots of every row', () => {
  it('come from the file itself, no table built, as the loaded columns give them', async () => {
    const source = report()
    const tablesBefore = await tableNames()
    const totals = await service.totals(source, EVERY_ROW)
    const pivot = await service.pivot(source, EVERY_ROW, PIVOT)
    expect(await tablesSince(tablesBefore)).toEqual([])
    expect(totals.rowCount).toBe(4)
    expect(totals.amountByCurrency).toEqual([
      { currency: 'EUR', sum: '13.85', count: 3, net: '9.35' },
      { currency: 'USD', sum: '100.00', count: 1, net: '100.00' },
    ])
    expect(pivot.groups.map((group) => [group.keys, group.count])).toEqual([
      [['2026-11-01'], 2],
      [['2026-11-02'], 2],
    ])
    expect(await fromLoadedColumns(source, () => service.totals(source, EVERY_ROW))).toEqual(totals)
    expect(await service.pivot(source, EVERY_ROW, PIVOT)).toEqual(pivot)
    expect(await tablesSince(tablesBefore)).not.toEqual([])
    // The sampled rows' copy is gone.
    expect(readdirSync(folder.dir).filter((name) => name.startsWith('sample-'))).toEqual([])
  })

  it('are read while the file is indexed, and taken once it is, if asked alike', async () => {
    const source = report()
    const { file, delimiter, header, columnTypes, fileSize, mtimeMs } = source
    const prepared = { file, delimiter, header, columnTypes, fileSize, mtimeMs }
    await service.prepare(prepared, [], { totals: true })
    const readsAhead = filesRead.filter((read) => read === file).length
    expect(readsAhead).toBe(1)
    const totals = await service.totals(source, EVERY_ROW)
    expect(totals.amountByCurrency?.map((total) => total.sum)).toEqual(['13.85', '100.00'])
    expect(filesRead.filter((read) => read === file)).toHaveLength(readsAhead)

    // Read ahead with Amount seen as text, the index then finding decimals: read again.
    const other = report()
    const asText = TYPES.map(() => ({ kind: 'text' }) as const)
    await service.prepare({ ...prepared, file: other.file, columnTypes: asText }, [], {
      totals: true,
    })
    const again = await service.totals(other, EVERY_ROW)
    expect(again).toEqual(totals)
    expect(filesRead.filter((read) => read === other.file)).toHaveLength(2)
  })

  it('of a file whose sampled row DuckDB reads otherwise come from its extracted columns', async () => {
    const source = report()
    // As if the window had read row 2's Amount otherwise than DuckDB does.
    const checkRows = source.directRead!.checkRows.map((row) =>
      row.row === 2 ? { ...row, fields: row.fields.with(1, '100.0') } : row,
    )
    const misread = { ...source.directRead!, checkRows }
    const tablesBefore = await tableNames()
    const totals = await service.totals({ ...source, directRead: misread }, EVERY_ROW)
    expect(totals.rowCount).toBe(4)
    expect(totals.amountByCurrency?.map((total) => total.sum)).toEqual(['13.85', '100.00'])
    // The columns were loaded (extracted, as the index reads the file) to answer.
    expect(await tablesSince(tablesBefore)).not.toEqual([])
  })

  it('are refused when DuckDB read another number of rows than the index found', async () => {
    const source = report()
    const error = await caught(
      () => service.totals({ ...source, expectedRowCount: 5 }, EVERY_ROW),
      QueryError,
    )
    expect(error.failure).toBe('file-changed')
    const pivotError = await caught(
      () => service.pivot({ ...report(), expectedRowCount: 3 }, EVERY_ROW, PIVOT),
      QueryError,
    )
    expect(pivotError.failure).toBe('file-changed')
  })

  describe('with a second connection, for the check of a request that waits', () => {
    const limits = { memoryLimitMb: 512, threads: 2 }
    const mainReads: string[] = []
    const checkReads: string[] = []
    let checking: QueryService
    let main: Promise<DuckDBConnection>
    beforeAll(() => {
      const open = (log: string[]) =>
        openDuckDB(limits, join(scratchDir, 'duckdb')).then((c) => countingFilesRead(c, log))
      main = open(mainReads)
      const checker = open(checkReads)
      checking = createQueryCore(main, limits, {
        scratchDir: folder.dir,
        checkConnection: () => checker,
      }).service
    })
    const samplesIn = (reads: string[]) => reads.filter((read) => /sample-\d+\.csv$/.test(read))

    it('checks DuckDB’s reading ahead there, and the answer takes that check', async () => {
      const source = report()
      checking.checkAhead(source, EVERY_ROW)
      const totals = await checking.totals(source, EVERY_ROW)
      expect(totals.amountByCurrency?.map((total) => total.sum)).toEqual(['13.85', '100.00'])
      expect(samplesIn(checkReads)).toHaveLength(1)
      expect(samplesIn(mainReads)).toEqual([])
      // Another source's answer makes its own check.
      await checking.totals(report(), EVERY_ROW)
      expect(samplesIn(mainReads)).toHaveLength(1)
      expect(readdirSync(folder.dir).filter((name) => name.startsWith('sample-'))).toEqual([])
    })

    it('sends the answer to the extracted columns when the check ahead finds another reading', async () => {
      const source = report()
      const checkRows = source.directRead!.checkRows.map((row) =>
        row.row === 2 ? { ...row, fields: row.fields.with(1, '100.0') } : row,
      )
      const misread = { ...source, directRead: { ...source.directRead!, checkRows } }
      const tables = async () =>
        (await (await main).runAndReadAll('SELECT table_name FROM duckdb_tables()')).getRowsJS()
      const before = await tables()
      checking.checkAhead(misread, EVERY_ROW)
      const totals = await checking.totals(misread, EVERY_ROW)
      expect(totals.amountByCurrency?.map((total) => total.sum)).toEqual(['13.85', '100.00'])
      // Answered from columns loaded (extracted as the index reads the file), not the file.
      expect((await tables()).length).toBeGreaterThan(before.length)
    })
  })

  it('of a filtered view come from its loaded columns, filtered', async () => {
    const filters: ViewQuery['filters'] = [{ kind: 'equals', column: 2, value: 'EUR' }]
    const totals = await service.totals(report(), { sort: [], filters })
    expect(totals.rowCount).toBe(3)
    expect(totals.amountByCurrency?.map((total) => total.sum)).toEqual(['13.85'])
  })
})
