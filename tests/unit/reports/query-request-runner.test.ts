import { describe, expect, it, vi } from 'vitest'
import type { ReportTotals, ViewQuery } from '../../../preload/contract/reports/report-view'
import { QueryError } from '../../../main/reports/query/query-error'
import {
  ROW_IDS_IN_REPLY_MAX,
  type QueryReply,
  type QuerySource,
} from '../../../main/reports/query/query-messages'
import type { QueryService } from '../../../main/reports/query/query-service'
import {
  createRequestRunner,
  type QueryEngineCore,
} from '../../../main/reports/query/request-runner'
import { eventually } from '../../fixtures/eventually'

const source = { file: '/r.csv' } as QuerySource
const query: ViewQuery = { sort: [{ column: 0, descending: false }], filters: [] }
const totals: ReportTotals = {
  rowCount: 0,
  amountByCurrency: null,
  countByType: null,
  columnSums: [],
}

/** A service whose views finish when the test says, one promise per call. */
function controlledService() {
  const calls: { id: number; finish(): void; fail(error: Error): void }[] = []
  const service: QueryService = {
    view: () =>
      new Promise((resolve, reject) => {
        calls.push({
          id: calls.length,
          finish: () => resolve({ kind: 'rows', rowIds: Uint32Array.of(calls.length) }),
          fail: reject,
        })
      }),
    totals: async () => totals,
    pivot: async () => ({ groups: [], moreGroups: false }),
    distinct: async () => ({ values: [], more: false }),
    prepare: async () => {},
    checkAhead: vi.fn(),
  }
  return { service, calls }
}

/** A runner over controlledService that counts its garbage collections. */
function collectingRunner() {
  const { service, calls } = controlledService()
  const collect = vi.fn()
  const replies: QueryReply[] = []
  const run = createRequestRunner(
    Promise.resolve({ service, interrupt: vi.fn() }),
    (reply) => replies.push(reply),
    { collectGarbage: collect },
  )
  return { run, calls, replies, collect }
}

function runner(core: Promise<QueryEngineCore>) {
  const replies: QueryReply[] = []
  const run = createRequestRunner(core, (reply) => replies.push(reply))
  return {
    run,
    replies,
    reply: (id: number) => eventually(() => replies.find((r) => r.id === id), `reply ${id}`),
  }
}

describe('the query process runs requests', () => {
  it('one at a time, in order, answering each', async () => {
    const { service, calls } = controlledService()
    const { run, reply } = runner(Promise.resolve({ service, interrupt: vi.fn() }))
    run({ type: 'view', id: 1, source, query })
    run({ type: 'view', id: 2, source, query })
    await eventually(() => calls[0], 'the first view')
    expect(calls).toHaveLength(1)
    calls[0]!.finish()
    expect(await reply(1)).toMatchObject({ id: 1, ok: true })
    await eventually(() => calls[1], 'the second view')
    calls[1]!.finish()
    expect(await reply(2)).toMatchObject({ id: 2, ok: true })
  })

  it("has an aggregate that waits check DuckDB's reading meanwhile, and one that runs at once not", async () => {
    const { service, calls } = controlledService()
    const { run, reply } = runner(Promise.resolve({ service, interrupt: vi.fn() }))
    run({ type: 'totals', id: 1, source, query })
    expect(await reply(1)).toMatchObject({ id: 1, ok: true })
    expect(service.checkAhead).not.toHaveBeenCalled()
    run({ type: 'view', id: 2, source, query })
    await eventually(() => calls[0], 'the view')
    run({ type: 'totals', id: 3, source, query })
    run({ type: 'pivot', id: 4, source, query, pivot: { groupBy: [], measures: [], netSigns: [] } })
    await eventually(
      () => vi.mocked(service.checkAhead).mock.calls.length === 2 || undefined,
      'checks',
    )
    expect(vi.mocked(service.checkAhead).mock.calls).toEqual([
      [source, query],
      [source, query],
    ])
    calls[0]!.finish()
    expect(await reply(4)).toMatchObject({ id: 4, ok: true })
  })

  it('hands the row ids of a large view over as a file, of a small one in the reply', async () => {
    const large = Uint32Array.from({ length: ROW_IDS_IN_REPLY_MAX + 1 }, (_, i) => i)
    const small = Uint32Array.of(2, 0, 1)
    const views = [large, small]
    const service: QueryService = {
      view: async () => ({ kind: 'rows', rowIds: views.shift()! }),
      totals: vi.fn(),
      pivot: vi.fn(),
      distinct: vi.fn(),
      prepare: vi.fn(),
      checkAhead: vi.fn(),
    }
    const written: { id: number; rowIds: Uint32Array }[] = []
    const replies: QueryReply[] = []
    const run = createRequestRunner(
      Promise.resolve({ service, interrupt: vi.fn() }),
      (reply) => replies.push(reply),
      { writeRowIds: (id, rowIds) => (written.push({ id, rowIds }), `/ids/${id}`) },
    )
    run({ type: 'view', id: 7, source, query })
    run({ type: 'view', id: 8, source, query })
    await eventually(() => replies[1], 'both replies')
    expect(written).toEqual([{ id: 7, rowIds: large }])
    expect(replies).toEqual([
      { id: 7, ok: true, rowIdsFile: '/ids/7', count: large.length },
      { id: 8, ok: true, result: { kind: 'rows', rowIds: small } },
    ])
  })

  it('collects garbage before each request but the first', async () => {
    const { run, calls, replies, collect } = collectingRunner()
    run({ type: 'view', id: 1, source, query })
    await eventually(() => calls[0], 'the first view')
    expect(collect).not.toHaveBeenCalled()
    calls[0]!.finish()
    await eventually(() => replies[0], 'the first reply')
    run({ type: 'view', id: 2, source, query })
    await eventually(() => calls[1], 'the second view')
    expect(collect).toHaveBeenCalledTimes(1)
  })

  it('does not collect garbage after totals, which leave only a few rows', async () => {
    const { run, calls, replies, collect } = collectingRunner()
    run({ type: 'totals', id: 1, source, query })
    await eventually(() => replies[0], 'the totals')
    run({ type: 'view', id: 2, source, query })
    await eventually(() => calls[0], 'the view after them')
    expect(collect).not.toHaveBeenCalled()
    calls[0]!.finish()
    await eventually(() => replies[1], 'the view')
    run({ type: 'view', id: 3, source, query })
    await eventually(() => calls[1], 'the view after a view')
    expect(collect).toHaveBeenCalledTimes(1)
  })

  it('drops a waiting request that is cancelled', async () => {
    const { service, calls } = controlledService()
    const { run, reply, replies } = runner(Promise.resolve({ service, interrupt: vi.fn() }))
    run({ type: 'view', id: 1, source, query })
    run({ type: 'view', id: 2, source, query })
    run({ type: 'cancel', id: 2 })
    expect(await reply(2)).toMatchObject({ ok: false, failure: 'cancelled' })
    await eventually(() => calls[0], 'the first view')
    calls[0]!.finish()
    await reply(1)
    expect(calls).toHaveLength(1)
    expect(replies).toHaveLength(2)
  })

  it('interrupts the running request when it is cancelled', async () => {
    const { service, calls } = controlledService()
    const interrupt = vi.fn(() => calls[0]!.fail(new Error('INTERRUPT Error: Interrupted!')))
    const { run, reply } = runner(Promise.resolve({ service, interrupt }))
    run({ type: 'view', id: 1, source, query })
    await eventually(() => calls[0], 'the view')
    run({ type: 'cancel', id: 1 })
    expect(await reply(1)).toEqual({
      id: 1,
      ok: false,
      failure: 'cancelled',
    })
    expect(interrupt).toHaveBeenCalledOnce()
  })

  it('answers with why a request failed', async () => {
    const { service, calls } = controlledService()
    const { run, reply } = runner(Promise.resolve({ service, interrupt: vi.fn() }))
    run({ type: 'view', id: 1, source, query })
    run({ type: 'view', id: 2, source, query })
    await eventually(() => calls[0], 'the first view')
    calls[0]!.fail(new QueryError('misread', 'report.query.misread', { read: 2, expected: 3 }))
    // Code and values only: the process has no catalog, main words them.
    expect(await reply(1)).toEqual({
      id: 1,
      ok: false,
      failure: 'misread',
      messageCode: 'report.query.misread',
      params: { read: 2, expected: 3 },
    })
    await eventually(() => calls[1], 'the second view')
    calls[1]!.fail(new Error('Out of Memory Error: failed to allocate'))
    expect(await reply(2)).toEqual({
      id: 2,
      ok: false,
      failure: 'failed',
      messageCode: 'report.query.out-of-memory',
      params: { reason: 'Out of Memory Error: failed to allocate' },
    })
  })

  it('answers every request with the reason when DuckDB cannot open', async () => {
    const { run, reply } = runner(Promise.reject(new Error('cannot create temp directory')))
    run({ type: 'totals', id: 1, source, query })
    expect(await reply(1)).toMatchObject({
      failure: 'failed',
      messageCode: 'report.query.failed',
      params: { reason: 'cannot create temp directory' },
    })
  })
})
