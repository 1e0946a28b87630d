import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Papa from 'papaparse'
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import type { QueryEngine } from '../../../main/reports/query/query-client'
import type { PreparedSource, QuerySource } from '../../../main/reports/query/query-messages'
import { openReportSession } from '../../../main/reports/report-session'
import { sourceScript, type ScriptRef } from '../../../main/platform/workers/script-ref'
import type { IndexPlacement } from '../../../main/reports/report-index'
import { caught } from '../../fixtures/caught'
import {
  engineUnderTest,
  transactionsCsv,
  type EngineUnderTest,
} from '../../fixtures/report-engine'

let engine: EngineUnderTest
beforeEach(() => {
  engine = engineUnderTest()
})
afterEach(() => engine.close())

/** n rows whose amounts are 0.001 … n/1000, so sums are exact and floats would drift. */
function rowsOf(n: number): string[][] {
  const currencies = ['EUR', 'USD', 'RUB']
  const types = ['sale', 'refund']
  return Array.from({ length: n }, (_, i) => [
    i % 7 === 0 ? 'Shop "Seven", Ltd\nsecond line' : `Shop ${i}`,
    String(1_000_000 + i),
    (((i * 7919) % n) / 1000 + 0.001).toFixed(3),
    currencies[i % 3]!,
    types[i % 2]!,
  ])
}

describe('a report opened from disk', () => {
  it('shows the header and first rows at once, then indexes the rest with progress', async () => {
    const rows = rowsOf(5000)
    const path = engine.write('big.csv', transactionsCsv(rows))
    const { reportId, head, indexJobId } = await engine.reports.open(path)
    expect(head.columns).toEqual([
      'Merchant_Name',
      'Transaction_id',
      'Amount',
      'Currency',
      'Transaction_type',
    ])
    expect(head.rows).toEqual(rows.slice(0, 100))
    const session = engine.reports.get(reportId)
    await session.indexed
    expect(session.state()).toMatchObject({ rowCount: 5000, fileRowCount: 5000, problemCount: 0 })
    await expect
      .poll(() => engine.finished.find((job) => job.jobId === indexJobId))
      .toMatchObject({ kind: 'report-index', outcome: 'done' })
    expect(engine.progress.at(-1)).toMatchObject({ jobId: indexJobId, unit: 'bytes' })
    expect(await session.rows(4990, 5000)).toEqual(rows.slice(4990))
    expect(head.columnTypes.map((type) => type.kind)).toEqual([
      'text',
      'integer',
      'decimal',
      'text',
      'text',
    ])
  })

  it('sorts, filters and totals exactly, and windows read the sorted view', async () => {
    const rows = rowsOf(3000)
    const { reportId } = await engine.reports.open(engine.write('r.csv', transactionsCsv(rows)))
    const session = engine.reports.get(reportId)
    const state = await session.setQuery({
      sort: [{ column: 2, descending: true }],
      filters: [{ kind: 'equals', column: 3, value: 'EUR' }],
    })
    const euro = rows.filter((row) => row[3] === 'EUR')
    const expected = [...euro].sort((a, b) => Number(b[2]) - Number(a[2]))
    expect(state.rowCount).toBe(euro.length)
    expect(await session.rows(0, 50)).toEqual(expected.slice(0, 50))
    expect(await session.rows(euro.length - 5, euro.length)).toEqual(expected.slice(-5))

    const totals = await session.totals()
    const exactMinor = euro.reduce((sum, row) => sum + BigInt(row[2]!.replace('.', '')), 0n)
    const exact = `${exactMinor / 1000n}.${String(exactMinor % 1000n).padStart(3, '0')}`
    // The net of each currency is checked with the query service's totals.
    expect(totals.amountByCurrency).toEqual([
      { currency: 'EUR', sum: exact, count: euro.length, net: expect.any(String) },
    ])
    expect(totals.rowCount).toBe(euro.length)
  })

  it('orders only the first rows when asked, and the rest once a row beyond them is read', async () => {
    const rows = rowsOf(3000)
    const { reportId } = await engine.reports.open(engine.write('top.csv', transactionsCsv(rows)))
    const session = engine.reports.get(reportId)
    const byAmount = (a: string[], b: string[]) => Number(b[2]) - Number(a[2])
    const sorted = { sort: [{ column: 2, descending: true }], filters: [] }
    expect((await session.setQuery(sorted, undefined, 10)).rowCount).toBe(3000)
    expect(Array.from(await session.rowIds(0, 10))).toHaveLength(10)
    expect(await session.rows(0, 10)).toEqual([...rows].sort(byAmount).slice(0, 10))
    expect(await session.rows(2990, 3000)).toEqual([...rows].sort(byAmount).slice(2990))

    const usd = rows.filter((row) => row[3] === 'USD').sort(byAmount)
    const filtered = { ...sorted, filters: [{ kind: 'equals', column: 3, value: 'USD' }] as const }
    const state = await session.setQuery(
      { ...filtered, filters: [...filtered.filters] },
      undefined,
      5,
    )
    expect(state.rowCount).toBe(usd.length)
    expect(await session.rows(0, 5)).toEqual(usd.slice(0, 5))
    expect(await session.rows(usd.length - 3, usd.length)).toEqual(usd.slice(-3))
  })

  it('exports the view as CSV (chosen columns, view order) and the original byte for byte', async () => {
    const rows = rowsOf(25_000)
    const text = transactionsCsv(rows)
    const path = engine.write('e.csv', text)
    const { reportId } = await engine.reports.open(path)
    await engine.reports.get(reportId).setQuery({
      sort: [{ column: 1, descending: true }],
      filters: [{ kind: 'contains', column: 0, value: 'seven' }],
    })
    const viewFile = join(engine.dir, 'view.csv')
    const jobId = engine.reports.exportView(reportId, viewFile, [1, 0])
    await expect
      .poll(() => engine.finished.find((job) => job.jobId === jobId)?.outcome)
      .toBe('done')
    const expected = rows
      .filter((row) => row[0]!.toLowerCase().includes('seven'))
      .sort((a, b) => Number(b[1]) - Number(a[1]))
      .map((row) => [row[1]!, row[0]!])
    const parsed = Papa.parse<string[]>(readFileSync(viewFile, 'utf8'), { skipEmptyLines: true })
    expect(parsed.data).toEqual([['Transaction_id', 'Merchant_Name'], ...expected])
    const rowsProgress = engine.progress.filter((event) => event.jobId === jobId)
    expect(rowsProgress.at(-1)).toMatchObject({ done: expected.length, total: expected.length })

    const copy = join(engine.dir, 'copy.csv')
    const copyJob = engine.reports.exportOriginal(reportId, copy)
    await expect
      .poll(() => engine.finished.find((job) => job.jobId === copyJob)?.outcome)
      .toBe('done')
    expect(readFileSync(copy, 'utf8')).toBe(text)
  })

  it('never touches an existing file when an export fails', async () => {
    const { reportId } = await engine.reports.open(
      engine.write('x.csv', transactionsCsv(rowsOf(10))),
    )
    const target = join(engine.dir, 'keep.csv')
    writeFileSync(target, 'precious')
    // The .part path is taken by a folder, so the export cannot write.
    const { mkdirSync } = await import('node:fs')
    mkdirSync(`${target}.part`)
    writeFileSync(join(`${target}.part`, 'inside'), '')
    const jobId = engine.reports.exportView(reportId, target, null)
    await expect
      .poll(() => engine.finished.find((job) => job.jobId === jobId)?.outcome)
      .toBe('failed')
    expect(readFileSync(target, 'utf8')).toBe('precious')
  })

  it('reads a windows-1251 report and sorts it through a UTF-8 copy', async () => {
    const iconv = (await import('iconv-lite')).default
    const rows = [
      ['Магазин «Берёза»', '2', '1.500', 'RUB', 'продажа'],
      ['Аптека', '1', '10.250', 'RUB', 'возврат'],
    ]
    const path = engine.write('cp1251.csv', iconv.encode(transactionsCsv(rows), 'win1251'))
    const { reportId, head } = await engine.reports.open(path, { encoding: 'windows-1251' })
    expect(head.encoding).toBe('windows-1251')
    expect(head.rows).toEqual(rows)
    const session = engine.reports.get(reportId)
    await session.setQuery({ sort: [{ column: 0, descending: false }], filters: [] })
    expect((await session.rows(0, 2)).map((row) => row[0])).toEqual(['Аптека', 'Магазин «Берёза»'])
    expect((await session.totals()).countByType).toEqual(
      expect.arrayContaining([{ type: 'продажа', count: 1 }]),
    )
  })

  it('reads a UTF-16 report through a UTF-8 copy, rows and sorts alike', async () => {
    const rows = [
      ['Магазин «Берёза»', '2', '1.500', 'RUB', 'продажа'],
      ['Аптека', '1', '10.250', 'RUB', 'возврат'],
    ]
    const text = `\ufeff${transactionsCsv(rows)}`
    const path = engine.write('utf16.csv', Buffer.from(text, 'utf16le'))
    const { reportId, head } = await engine.reports.open(path)
    expect(head.encoding).toBe('utf-16le')
    expect(head.rows).toEqual(rows)
    const session = engine.reports.get(reportId)
    await session.setQuery({ sort: [{ column: 2, descending: true }], filters: [] })
    expect((await session.rows(0, 2)).map((row) => row[0])).toEqual(['Аптека', 'Магазин «Берёза»'])
  })

  describe('indexes a large file as one thread would, wherever its parts are scanned', () => {
    // Over 16 MiB, with line breaks inside quotes (so lines and rows differ) and a ragged row
    // in each half.
    const rows = rowsOf(200_000).map((row) => [...row, 'x'.repeat(40)])
    rows[1000] = ['short', 'row']
    rows[150_000] = ['also', 'short']
    const text = transactionsCsv(rows).replace('"Transaction_type"', '"Transaction_type","Pad"')
    const lineOf = (row: number) =>
      2 + row + rows.slice(0, row).filter((fields) => fields[0]!.includes('\n')).length
    // An index worker that dies at once: a placement that needs none never notices it.
    const noWorker = () => {
      const file = join(tmpdir(), `gatedesk-no-worker-${process.pid}.mjs`)
      writeFileSync(file, 'process.exit(3)')
      onTestFinished(() => rmSync(file, { force: true }))
      return { file, execArgv: [] }
    }

    const indexedAs = async (indexing: IndexPlacement, indexWorker?: ScriptRef) => {
      await engine.close()
      engine = engineUnderTest({ indexing, ...(indexWorker ? { indexWorker } : {}) })
      const { reportId } = await engine.reports.open(engine.write('large.csv', text))
      const session = engine.reports.get(reportId)
      await session.indexed
      return session
    }

    const placements: [string, IndexPlacement][] = [
      ['in two workers', { twoPartsFrom: 1 << 20 }],
      [
        'the first part in this thread, the rest in a worker',
        { firstPartHere: true, twoPartsFrom: 1 << 20 },
      ],
      ['in one worker', { twoPartsFrom: Infinity }],
      ['in this thread alone', { firstPartHere: true, twoPartsFrom: Infinity }],
    ]
    it.each(placements)('%s', async (_, indexing) => {
      const session = await indexedAs(indexing)
      const state = session.state()
      expect(state.fileRowCount).toBe(rows.length)
      expect(state.problems).toEqual([
        { line: lineOf(1000), row: 1000, message: '2 fields, the header has 6' },
        { line: lineOf(150_000), row: 150_000, message: '2 fields, the header has 6' },
      ])
      for (const from of [0, 99_990, 100_000, 199_990]) {
        expect(await session.rows(from, from + 10)).toEqual(rows.slice(from, from + 10))
      }
    })

    it('starts no worker when this thread scans the one part, and needs one for a second', async () => {
      const alone = await indexedAs({ firstPartHere: true, twoPartsFrom: Infinity }, noWorker())
      expect(alone.state().fileRowCount).toBe(rows.length)
      const error = await caught(
        () => indexedAs({ firstPartHere: true, twoPartsFrom: 1 << 20 }, noWorker()),
        Error,
      )
      expect(error.message).toMatch(/the indexing thread stopped \(exit code 3\)/)
    })
  })

  it('keeps malformed rows, lists them by line, and still shows the rest', async () => {
    const text = '"a","b","c"\n"1","2","3"\n"4","5"\n"6","7","8","9"\n"10","11","12"\n'
    const { reportId } = await engine.reports.open(engine.write('ragged.csv', text))
    const session = engine.reports.get(reportId)
    await session.indexed
    const state = session.state()
    expect(state.rowCount).toBe(4)
    expect(state.problems.map((problem) => problem.line)).toEqual([3, 4])
    expect(await session.rows(0, 4)).toEqual([
      ['1', '2', '3'],
      ['4', '5'],
      ['6', '7', '8', '9'],
      ['10', '11', '12'],
    ])
  })

  it('refuses bad files with a clear error, never a crash', async () => {
    await expect(engine.reports.open(engine.write('empty.csv', ''))).rejects.toThrow(/empty/)
    const binary = new Uint8Array(4096).map((_, i) => (i * 31) % 256)
    await expect(engine.reports.open(engine.write('bin.csv', binary))).rejects.toThrow(/binary/)
    await expect(engine.reports.open(join(engine.dir, 'missing.csv'))).rejects.toThrow(
      '"missing.csv" was not found: check its name and folder.',
    )
    const { reportId } = await engine.reports.open(engine.write('h.csv', '"a","b"\r\n'))
    const session = engine.reports.get(reportId)
    await session.indexed
    expect(session.state().rowCount).toBe(0)
    expect(await session.rows(0, 0)).toEqual([])
  })

  it('says so when the file is deleted or changed while open, and a closed report is gone', async () => {
    const path = engine.write('gone.csv', transactionsCsv(rowsOf(500)))
    const { reportId } = await engine.reports.open(path)
    const session = engine.reports.get(reportId)
    await session.indexed
    writeFileSync(path, transactionsCsv(rowsOf(400)))
    await expect(session.rows(200, 300)).rejects.toThrow(/changed|again/i)
    rmSync(path)
    await expect(session.rows(200, 300)).rejects.toThrow(/no longer there|moved or deleted/)
    await engine.reports.close(reportId)
    expect(() => engine.reports.get(reportId)).toThrow(/no longer open/)
  })

  it('starts the query process once the report is indexed and no rows were read for a moment', async () => {
    const warmed: number[] = []
    const queryEngine = { ...engine.queryEngine, warm: () => warmed.push(performance.now()) }
    const path = engine.write('warm.csv', transactionsCsv(rowsOf(300)))
    const session = await openReportSession(
      path,
      {},
      {
        indexWorker: sourceScript('row-index-worker'),
        queryEngine,
        workDir: () => Promise.resolve(engine.dir),
      },
    )
    await session.indexed
    const indexed = performance.now()
    // Reading rows puts it off; then it comes about a second after the last read.
    await new Promise((resolve) => setTimeout(resolve, 600))
    await session.rows(0, 10)
    const lastRead = performance.now()
    await expect.poll(() => warmed.length).toBe(1)
    expect(warmed[0]! - indexed).toBeGreaterThan(1000)
    expect(warmed[0]! - lastRead).toBeGreaterThan(900)
    await session.close()
  })

  it('lets DuckDB read a plainly quoted file itself, checked by rows the window read', async () => {
    const sources: QuerySource[] = []
    const prepared: { source: PreparedSource; columns: readonly number[] }[] = []
    const queryEngine: QueryEngine = {
      ...engine.queryEngine,
      view: async (source) => (sources.push(source), { kind: 'identity' }),
      prepare: (source, columns) => void prepared.push({ source, columns }),
    }
    const deps = {
      indexWorker: sourceScript('row-index-worker'),
      queryEngine,
      workDir: () => Promise.resolve(engine.dir),
    }
    const sorted = { sort: [{ column: 2, descending: false }], filters: [] }
    const rows = rowsOf(300)
    const plain = await openReportSession(
      engine.write('plain.csv', transactionsCsv(rows)),
      {},
      deps,
    )
    // Asked before the index is done: DuckDB starts reading the sorted column meanwhile.
    plain.prepare(sorted)
    expect(prepared).toMatchObject([{ source: { header: plain.head.columns }, columns: [2] }])
    await plain.setQuery(sorted)
    const checkRows = sources[0]!.directRead!.checkRows
    expect(checkRows.length).toBeGreaterThan(30)
    for (const { row, fields } of checkRows) expect(fields).toEqual(rows[row])
    plain.prepare(sorted)
    expect(prepared).toHaveLength(1)
    await plain.close()
    // A bare quote reads otherwise in DuckDB: the query process extracts the columns.
    const odd = [...rows, ['5" screen', '1', '1.000', 'EUR', 'sale']]
    const text = transactionsCsv(rows) + odd.at(-1)!.join(',') + '\r\n'
    const oddSession = await openReportSession(engine.write('odd.csv', text), {}, deps)
    await oddSession.setQuery(sorted)
    expect(sources[1]!.directRead).toBeUndefined()
    await oddSession.close()
  })

  it('keeps the view readable when the query process dies mid-query', async () => {
    const rows = rowsOf(2000)
    const { reportId } = await engine.reports.open(engine.write('k.csv', transactionsCsv(rows)))
    const session = engine.reports.get(reportId)
    await session.setQuery({ sort: [{ column: 1, descending: true }], filters: [] })
    // Stopped, the process cannot answer the next sort before it dies, however fast it is.
    const pid = await findQueryProcess()
    process.kill(pid, 'SIGSTOP')
    const pending = session.setQuery({ sort: [{ column: 2, descending: false }], filters: [] })
    await new Promise((resolve) => setTimeout(resolve, 50))
    process.kill(pid, 'SIGKILL')
    await expect(pending).rejects.toThrow(/stopped unexpectedly/)
    // The last good view stays, and the next sort starts a new process.
    expect((await session.rows(0, 1))[0]![1]).toBe(String(1_000_000 + 1999))
    await session.setQuery({ sort: [{ column: 1, descending: false }], filters: [] })
    expect((await session.rows(0, 1))[0]![1]).toBe('1000000')
  })
})

/** The pid of this process's forked query process (the only child running query.process.ts). */
async function findQueryProcess(): Promise<number> {
  const { readdirSync } = await import('node:fs')
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8')
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8')
      if (status.includes(`PPid:\t${process.pid}\n`) && cmdline.includes('query.process.ts'))
        return Number(entry)
    } catch {
      // The process ended while it was being read.
    }
  }
  throw new Error('no query process is running')
}
