import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import type { ViewQuery } from '../../../preload/contract/reports/report-view'
import type {
  ProcessChannel,
  ProcessExit,
  ProcessLauncher,
} from '../../../main/platform/workers/process-channel'
import {
  createQueryEngine,
  QueryProcessStoppedError,
} from '../../../main/reports/query/query-client'
import { QueryError } from '../../../main/reports/query/query-error'
import {
  scratchDirFromArgs,
  type QueryReply,
  type QueryRequest,
  type QuerySource,
} from '../../../main/reports/query/query-messages'
import { caught } from '../../fixtures/caught'

// The app's temp folder, as app-services gives it (tempRoot of the data folder).
const scratchRoot = join(mkdtempSync(join(tmpdir(), 'gatedesk-query-client-data-')), 'temp')
afterAll(() => rmSync(dirname(scratchRoot), { recursive: true, force: true }))

/** A stand-in for the query process: records what it is sent, answers when the test says. */
function fakeProcesses() {
  const started: {
    args: readonly string[]
    sent: QueryRequest[]
    reply(reply: QueryReply): void
    exit(how: ProcessExit): void
    killed: boolean
  }[] = []
  const launch: ProcessLauncher = (_script, args) => {
    let onMessage: (message: unknown) => void = () => {}
    let onExit: (exit: ProcessExit) => void = () => {}
    const process = {
      args,
      sent: [] as QueryRequest[],
      reply: (reply: QueryReply) => onMessage(reply),
      exit: (exit: ProcessExit) => onExit(exit),
      killed: false,
    }
    started.push(process)
    const channel: ProcessChannel = {
      send: (message) => process.sent.push(message as QueryRequest),
      onMessage: (listener) => (onMessage = listener),
      onExit: (listener) => (onExit = listener),
      kill: () => (process.killed = true),
      pid: 4242,
    }
    return channel
  }
  return { launch, started }
}

const source: QuerySource = {
  file: '/reports/r.csv',
  delimiter: ',',
  header: ['Amount'],
  columnTypes: [{ kind: 'decimal', scale: 3 }],
  expectedRowCount: 3,
  fileSize: 10,
  mtimeMs: 1,
}
const sorted: ViewQuery = { sort: [{ column: 0, descending: false }], filters: [] }
const script = { file: '/app/query-process.js', execArgv: [] }

describe('the query engine', () => {
  it('starts no process for the file order', async () => {
    const { launch, started } = fakeProcesses()
    const engine = createQueryEngine({ launch, script, scratchRoot })
    expect(await engine.view(source, { sort: [], filters: [] })).toEqual({ kind: 'identity' })
    expect(started).toHaveLength(0)
  })

  it('starts one process on the first query, with its limits, and answers each call', async () => {
    const { launch, started } = fakeProcesses()
    const engine = createQueryEngine({
      launch,
      script,
      scratchRoot,
      memoryLimitMb: 1024,
      threads: 3,
    })
    const view = engine.view(source, sorted)
    const totals = engine.totals(source, sorted)
    expect(started).toHaveLength(1)
    const [process] = started
    expect(process!.args).toEqual([
      '--memory-limit-mb=1024',
      '--threads=3',
      `--scratch-dir=${scratchDirFromArgs(process!.args)}`,
    ])
    const [viewRequest, totalsRequest] = process!.sent
    expect(viewRequest).toMatchObject({ type: 'view', source, query: sorted })
    const rowIds = Uint32Array.of(2, 0, 1)
    const sums = { rowCount: 3, amountByCurrency: null, countByType: null, columnSums: [] }
    process!.reply({ id: totalsRequest!.id, ok: true, result: sums })
    process!.reply({ id: viewRequest!.id, ok: true, result: { kind: 'rows', rowIds } })
    expect(await view).toEqual({ kind: 'rows', rowIds })
    expect(await totals).toEqual(sums)
  })

  it('starts the process to prepare the columns of a file being indexed, and stops it when told', () => {
    const { launch, started } = fakeProcesses()
    const engine = createQueryEngine({ launch, script, scratchRoot })
    const closing = new AbortController()
    const { file, delimiter, header, columnTypes, fileSize, mtimeMs } = source
    const prepared = { file, delimiter, header, columnTypes, fileSize, mtimeMs }
    engine.prepare(prepared, [0], { signal: closing.signal })
    expect(started).toHaveLength(1)
    const [request] = started[0]!.sent
    expect(request).toEqual({ type: 'prepare', id: request!.id, source: prepared, columns: [0] })
    closing.abort()
    expect(started[0]!.sent[1]).toEqual({ type: 'cancel', id: request!.id })
    // Its answer waits on nothing.
    started[0]!.reply({ id: request!.id, ok: true, result: { kind: 'identity' } })
    engine.close()
  })

  it("gives each process a new owner-only folder in the app's temp folder, gone when it ends", async () => {
    const { launch, started } = fakeProcesses()
    const engine = createQueryEngine({ launch, script, scratchRoot })
    engine.warm()
    const first = scratchDirFromArgs(started[0]!.args)
    expect(dirname(first)).toBe(scratchRoot)
    expect(statSync(scratchRoot).mode & 0o777).toBe(0o700)
    expect(statSync(first).mode & 0o777).toBe(0o700)
    started[0]!.exit({ signal: 'SIGKILL' })
    await vi.waitFor(() => expect(existsSync(first)).toBe(false))
    // The next process gets a folder of its own: no name is known in advance.
    engine.warm()
    const second = scratchDirFromArgs(started[1]!.args)
    expect(second).not.toBe(first)
    expect(existsSync(second)).toBe(true)
    engine.close()
    started[1]!.exit({ signal: 'SIGTERM' })
    await vi.waitFor(() => expect(existsSync(second)).toBe(false))
  })

  it('reads the row ids of a view handed over as a file, and removes it', async () => {
    const { launch, started } = fakeProcesses()
    const engine = createQueryEngine({ launch, script, scratchRoot })
    const view = engine.view(source, sorted)
    const [process] = started
    const { id } = process!.sent[0]!
    const dir = mkdtempSync(join(tmpdir(), 'gatedesk-query-client-'))
    const file = join(dir, 'ids.u32')
    writeFileSync(file, Uint32Array.of(4, 2, 3, 0, 1))
    process!.reply({ id, ok: true, rowIdsFile: file, count: 5 })
    expect(await view).toEqual({ kind: 'rows', rowIds: Uint32Array.of(4, 2, 3, 0, 1) })
    expect(existsSync(file)).toBe(false)
    rmSync(dir, { recursive: true })
  })

  it('passes on why a query failed', async () => {
    const { launch, started } = fakeProcesses()
    const engine = createQueryEngine({ launch, script, scratchRoot })
    const view = engine.view(source, sorted)
    const { id } = started[0]!.sent[0]!
    const params = { read: 2, expected: 3 }
    started[0]!.reply({
      id,
      ok: false,
      failure: 'misread',
      messageCode: 'report.query.misread',
      params,
    })
    const error = await caught(() => view, QueryError)
    // The process sends code and values only; main words them in the catalog's English.
    expect([error.failure, error.messageCode, error.params, error.message]).toEqual([
      'misread',
      'report.query.misread',
      params,
      'Sorting and filtering need every row to read the same way: DuckDB read 2 rows, the file has 3, so the report can only be shown in file order.',
    ])
  })

  it('fails the waiting calls when the process dies, and starts a new one for the next', async () => {
    const { launch, started } = fakeProcesses()
    const engine = createQueryEngine({ launch, script, scratchRoot })
    const first = engine.view(source, sorted)
    const second = engine.totals(source, sorted)
    started[0]!.exit({ signal: 'SIGKILL' })
    for (const call of [first, second]) {
      const error = await caught(() => call, QueryProcessStoppedError)
      expect(error.message).toBe(
        'The query process stopped unexpectedly (killed by SIGKILL); the report is still readable, try the sort again.',
      )
    }
    const again = engine.view(source, sorted)
    expect(started).toHaveLength(2)
    const { id } = started[1]!.sent[0]!
    started[1]!.reply({ id, ok: true, result: { kind: 'rows', rowIds: new Uint32Array() } })
    expect(await again).toEqual({ kind: 'rows', rowIds: new Uint32Array() })
  })

  it('cancels a call: it fails at once as aborted and the process is told to stop it', async () => {
    const { launch, started } = fakeProcesses()
    const engine = createQueryEngine({ launch, script, scratchRoot })
    const controller = new AbortController()
    const view = engine.view(source, sorted, { signal: controller.signal })
    controller.abort()
    const error = await caught(() => view, DOMException)
    expect(error.name).toBe('AbortError')
    const { id } = started[0]!.sent[0]!
    expect(started[0]!.sent[1]).toEqual({ type: 'cancel', id })
    // The process's late answer changes nothing.
    started[0]!.reply({ id, ok: false, failure: 'cancelled' })
  })

  it('does not start a call whose signal is already aborted', async () => {
    const { launch, started } = fakeProcesses()
    const engine = createQueryEngine({ launch, script, scratchRoot })
    await caught(() => engine.view(source, sorted, { signal: AbortSignal.abort() }), DOMException)
    expect(started).toHaveLength(0)
  })

  it('closes: the process is killed and calls fail, now and later', async () => {
    const { launch, started } = fakeProcesses()
    const engine = createQueryEngine({ launch, script, scratchRoot })
    const view = engine.view(source, sorted)
    engine.close()
    expect(started[0]!.killed).toBe(true)
    expect((await caught(() => view, QueryError)).failure).toBe('cancelled')
    expect((await caught(() => engine.totals(source, sorted), QueryError)).failure).toBe(
      'cancelled',
    )
    expect(started).toHaveLength(1)
  })
})
