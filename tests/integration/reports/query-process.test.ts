import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join } from 'node:path'
import Papa from 'papaparse'
import { afterAll, describe, expect, it, vi } from 'vitest'
import type { ViewQuery } from '../../../preload/contract/reports/report-view'
import {
  createQueryEngine,
  QueryProcessStoppedError,
} from '../../../main/reports/query/query-client'
import { launchQueryProcess } from '../../../main/reports/query/query-launch'
import { forkLauncher } from '../../../main/platform/workers/fork-launcher'
import { sourceScript } from '../../../main/platform/workers/script-ref'
import { caught } from '../../fixtures/caught'
import { sourceOf, withRowStarts } from '../../fixtures/query-reports'
import { TRANSACTIONS_TYPES } from '../../fixtures/query-transactions'
import {
  AMOUNT,
  ended,
  queryEngineUnderTest,
  rowIdsOf,
} from '../../fixtures/query-engine-under-test'

// The real query process, forked under tsx as tests start it.

const ROWS = 200_000
const { folder, scratchRoot, started, scratchDirs, launch, source, amounts, engine, newEngine } =
  queryEngineUnderTest(forkLauncher, ROWS)
afterAll(() => {
  engine.close()
  folder.remove()
})

const byAmount: ViewQuery = { sort: [{ column: AMOUNT, descending: false }], filters: [] }
const searchAll: ViewQuery = {
  sort: [{ column: 0, descending: true }],
  filters: [],
  search: 'order 1',
}

describe('the query process', () => {
  it('sorts a report by amount, every row id in place', async () => {
    const rowIds = rowIdsOf(await engine.view(source, byAmount))
    expect(rowIds).toHaveLength(ROWS)
    const sortedAmounts = rowIds.map((rowId) => Number(amounts[rowId]))
    expect(sortedAmounts).toEqual([...sortedAmounts].sort((a, b) => a - b))
    // Transaction_id is 100000000 + the row id: sorted descending, the ids come back reversed.
    const byIdDescending = { sort: [{ column: 1, descending: true }], filters: [] }
    const reversed = rowIdsOf(await engine.view(source, byIdDescending))
    expect(reversed.slice(0, 3)).toEqual([ROWS - 1, ROWS - 2, ROWS - 3])
    expect(reversed.at(-1)).toBe(0)
    // The ids came as files (more than fit a reply), each removed once read, as were the
    // extracted columns once loaded.
    expect(readdirSync(scratchDirs.at(-1)!)).toEqual([])
  })

  it('totals exactly', async () => {
    const exact = amounts.reduce((sum, amount) => sum + BigInt(amount.replace('.', '')), 0n)
    const totals = await engine.totals(source, { sort: [], filters: [] })
    const amountColumn = totals.columnSums.find((sum) => sum.column === AMOUNT)!
    expect(amountColumn.sum).toBe(`${exact / 1000n}.${String(exact % 1000n).padStart(3, '0')}`)
    expect(totals.amountByCurrency!.map((group) => group.count)).toEqual([
      50_000, 50_000, 50_000, 50_000,
    ])
  })

  it('fails the calls of a process that is killed mid-query, clearly, and recovers', async () => {
    await engine.view(source, byAmount)
    const running = engine.view(source, searchAll)
    process.kill(started.at(-1)!.pid!, 'SIGKILL')
    const error = await caught(() => running, QueryProcessStoppedError)
    expect(error.message).toBe(
      'The query process stopped unexpectedly (killed by SIGKILL); the report is still readable, try the sort again.',
    )
    const processes = started.length
    expect(rowIdsOf(await engine.view(source, byAmount))).toHaveLength(ROWS)
    expect(started).toHaveLength(processes + 1)
  })

  it('cancels a query, and answers the next', async () => {
    await engine.view(source, byAmount)
    const controller = new AbortController()
    const cancelled = engine.view(source, searchAll, { signal: controller.signal })
    setTimeout(() => controller.abort(), 50)
    expect((await caught(() => cancelled, DOMException)).name).toBe('AbortError')
    const eur = { sort: [], filters: [{ kind: 'equals' as const, column: 5, value: 'EUR' }] }
    expect(rowIdsOf(await engine.view(source, eur))).toHaveLength(ROWS / 4)
  })

  // The command line starts its query process before the command's code loads.
  it('uses a process launched before it, tells of one that ended before it listened, ends one never asked', async () => {
    const options = { launch, script: sourceScript('query-process'), scratchRoot }
    const processes = started.length
    const ahead = createQueryEngine({ ...options, launched: launchQueryProcess(options) })
    expect(rowIdsOf(await ahead.view(source, byAmount))).toHaveLength(ROWS)
    expect(started).toHaveLength(processes + 1)
    ahead.close()

    const gone = launchQueryProcess(options)
    started.at(-1)!.kill()
    await ended(started.at(-1)!)
    const late = createQueryEngine({ ...options, launched: gone })
    await caught(() => late.view(source, byAmount), QueryProcessStoppedError)
    expect(rowIdsOf(await late.view(source, byAmount))).toHaveLength(ROWS)
    late.close()

    const unused = createQueryEngine({ ...options, launched: launchQueryProcess(options) })
    const exited = ended(started.at(-1)!)
    unused.close()
    await exited
  })

  it('pairs columns loaded at different times row for row', async () => {
    // A copy, so that nothing of it is loaded yet.
    const copy = join(folder.dir, 'copy.csv')
    copyFileSync(source.file, copy)
    const fresh = withRowStarts(sourceOf(copy, { types: TRANSACTIONS_TYPES }))
    const currencies = Papa.parse<string[]>(readFileSync(source.file, 'utf8'), {
      skipEmptyLines: true,
    })
      .data.slice(1)
      .map((row) => row[5])
    // Amount first, then Currency in a table of its own: the view reads both.
    rowIdsOf(await engine.view(fresh, byAmount))
    const usdByAmount: ViewQuery = {
      sort: [{ column: AMOUNT, descending: true }],
      filters: [{ kind: 'equals', column: 5, value: 'USD' }],
    }
    const rowIds = rowIdsOf(await engine.view(fresh, usdByAmount))
    expect(rowIds).toHaveLength(ROWS / 4)
    expect(rowIds.every((rowId) => currencies[rowId] === 'USD')).toBe(true)
    const sortedAmounts = rowIds.map((rowId) => Number(amounts[rowId]))
    expect(sortedAmounts).toEqual([...sortedAmounts].sort((a, b) => b - a))
  })

  it("writes in a new owner-only folder of the app's temp folder, never through a planted link, and leaves none", async () => {
    // Where the query process used to write, in the shared temp folder, by a name known in
    // advance: another user makes it first, with a link to a file of the victim's.
    const sharedTemp = join(folder.dir, 'shared-tmp')
    mkdirSync(sharedTemp)
    const victim = join(folder.dir, 'victim.txt')
    writeFileSync(victim, 'the victim file')
    const previousTemp = process.env['TMPDIR']
    process.env['TMPDIR'] = sharedTemp
    const own = newEngine()
    try {
      own.warm()
      const channel = started.at(-1)!
      const planted = join(sharedTemp, `gatedesk-query-files-${channel.pid}`)
      mkdirSync(planted)
      for (let id = 1; id <= 3; id++) symlinkSync(victim, join(planted, `view-${id}.u32`))
      // Row ids of more rows than fit a reply are handed over in a file.
      const rowIds = rowIdsOf(await own.view(source, byAmount))
      expect(rowIds).toHaveLength(ROWS)
      expect(readFileSync(victim, 'utf8')).toBe('the victim file')
      const scratch = scratchDirs.at(-1)!
      expect(dirname(scratch)).toBe(scratchRoot)
      expect(statSync(scratch).mode & 0o777).toBe(0o700)
      own.close()
      await ended(channel)
      await vi.waitFor(() => expect(existsSync(scratch)).toBe(false))
    } finally {
      own.close()
      if (previousTemp === undefined) delete process.env['TMPDIR']
      else process.env['TMPDIR'] = previousTemp
    }
  })
})
