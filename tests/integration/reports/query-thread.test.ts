import { existsSync } from 'node:fs'
import { afterAll, describe, expect, it, vi } from 'vitest'
import type { ViewQuery } from '../../../preload/contract/reports/report-view'
import { QueryProcessStoppedError } from '../../../main/reports/query/query-client'
import { threadLauncher } from '../../../main/platform/workers/thread-launcher'
import { caught } from '../../fixtures/caught'
import {
  AMOUNT,
  ended,
  queryEngineUnderTest,
  rowIdsOf,
} from '../../fixtures/query-engine-under-test'

// The query process's script as the CLI runs it: in a worker thread of the command's own process.

const ROWS = 50_000
const { folder, started, scratchDirs, source, amounts, engine, newEngine } = queryEngineUnderTest(
  threadLauncher,
  ROWS,
)
afterAll(() => {
  engine.close()
  folder.remove()
})

const byAmount: ViewQuery = { sort: [{ column: AMOUNT, descending: false }], filters: [] }

async function sortedAmounts(): Promise<number[]> {
  return rowIdsOf(await engine.view(source, byAmount)).map((rowId) => Number(amounts[rowId]))
}

describe('the query process run in a thread (the CLI)', () => {
  it('sorts and totals as the process does', async () => {
    const sorted = await sortedAmounts()
    expect(sorted).toHaveLength(ROWS)
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b))
    const totals = await engine.totals(source, { sort: [], filters: [] })
    expect(totals.rowCount).toBe(ROWS)
    expect(totals.amountByCurrency!.map((group) => group.count)).toEqual(Array(4).fill(ROWS / 4))
  })

  it('fails the calls of a thread that ends mid-query, clearly, and starts a new one', async () => {
    await sortedAmounts()
    const thread = started.at(-1)!
    const running = engine.view(source, { ...byAmount, search: 'order 1' })
    thread.kill()
    const error = await caught(() => running, QueryProcessStoppedError)
    expect(error.message).toMatch(/^The query process stopped unexpectedly \(exit code 1\)/)
    await vi.waitFor(() => expect(existsSync(scratchDirs.at(-1)!)).toBe(false))
    const threads = started.length
    expect(await sortedAmounts()).toHaveLength(ROWS)
    expect(started).toHaveLength(threads + 1)
  })

  it('ends its thread when closed, leaving no folder behind', async () => {
    const own = newEngine()
    own.warm()
    const thread = started.at(-1)!
    const scratch = scratchDirs.at(-1)!
    expect(existsSync(scratch)).toBe(true)
    own.close()
    await ended(thread)
    await vi.waitFor(() => expect(existsSync(scratch)).toBe(false))
  })
})
