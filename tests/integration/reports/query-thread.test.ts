import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import Papa from 'papaparse'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ViewQuery } from '../../../preload/contract/reports/report-view'
import {
  createQueryEngine,
  QueryProcessStoppedError,
  type QueryEngine,
} from '../../../main/reports/query/query-client'
import { scratchDirFromArgs, type QuerySource } from '../../../main/reports/query/query-messages'
import type {
  ProcessChannel,
  ProcessLauncher,
} from '../../../main/platform/workers/process-channel'
import { sourceScript } from '../../../main/platform/workers/script-ref'
import { threadLauncher } from '../../../main/platform/workers/thread-launcher'
import { caught } from '../../fixtures/caught'
import { reportFolder, sourceOf, withRowStarts } from '../../fixtures/query-reports'
import { TRANSACTIONS_TYPES, writeTransactions } from '../../fixtures/query-transactions'

// The query process's script as the CLI runs it: in a worker thread of the command's own process.

const ROWS = 50_000
const AMOUNT = 4
const folder = reportFolder()
const scratchRoot = join(folder.dir, 'data', 'temp')
const started: ProcessChannel[] = []
const scratchDirs: string[] = []
const launch: ProcessLauncher = (script, args) => {
  const channel = threadLauncher(script, args)
  started.push(channel)
  scratchDirs.push(scratchDirFromArgs(args))
  return channel
}
const ended = (channel: ProcessChannel) =>
  new Promise<void>((resolve) => channel.onExit(() => resolve()))
let engine: QueryEngine
let source: QuerySource
let amounts: string[]

beforeAll(() => {
  const file = join(folder.dir, 'transactions.csv')
  writeTransactions(file, ROWS)
  source = withRowStarts(sourceOf(file, { types: TRANSACTIONS_TYPES }))
  const rows = Papa.parse<string[]>(readFileSync(file, 'utf8'), { skipEmptyLines: true }).data
  amounts = rows.slice(1).map((row) => row[AMOUNT]!)
  engine = createQueryEngine({ launch, script: sourceScript('query-process'), scratchRoot })
})
afterAll(() => {
  engine.close()
  folder.remove()
})

const byAmount: ViewQuery = { sort: [{ column: AMOUNT, descending: false }], filters: [] }

async function sortedAmounts(): Promise<number[]> {
  const view = await engine.view(source, byAmount)
  if (view.kind === 'identity') throw new Error('expected the rows of a view')
  return [...view.rowIds].map((rowId) => Number(amounts[rowId]))
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
    const own = createQueryEngine({ launch, script: sourceScript('query-process'), scratchRoot })
    own.warm()
    const thread = started.at(-1)!
    const scratch = scratchDirs.at(-1)!
    expect(existsSync(scratch)).toBe(true)
    own.close()
    await ended(thread)
    await vi.waitFor(() => expect(existsSync(scratch)).toBe(false))
  })
})
