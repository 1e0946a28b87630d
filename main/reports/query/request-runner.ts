import { CsvProblemError } from '../../platform/csv/csv-problem'
import { QueryError } from './query-error'
import type { ReportTotals } from '../../../preload/contract/reports/report-view'
import type { PivotResult } from '../../../preload/contract/reports/report-pivot'
import type { DistinctValues } from '../../../preload/contract/reports/report-distinct'
import {
  ROW_IDS_IN_REPLY_MAX,
  type QueryReply,
  type QueryRequest,
  type ViewRows,
} from './query-messages'
import type { QueryService } from './query-service'
import { isOutOfMemory } from './duckdb-errors'

/** What runs the requests: DuckDB, once it is open. */
export interface QueryEngineCore {
  service: QueryService
  /** Stops the query running now: it fails soon after, whatever it was doing. */
  interrupt(): void
}

type Work = Exclude<QueryRequest, { type: 'cancel' }>
type QueryResult = ViewRows | ReportTotals | PivotResult | DistinctValues

/** The most of DuckDB's reason a failure repeats, so that it fits a message to the window. */
const REASON_MAX = 1000

export interface RunnerOptions {
  /**
   * Runs before a request that follows one which may leave much behind (DuckDB's results, whose
   * native memory is freed only when their objects are collected, and the row ids sent), so that
   * it never adds to the next one's peak. Not after totals, a pivot or an answer read ahead:
   * their few rows are not worth the 10 ms a collection takes, which a command waits for.
   */
  collectGarbage?: () => void
  /** Writes the row ids of request `id` to a file and returns its path (see ROW_IDS_IN_REPLY_MAX). */
  writeRowIds?: (id: number, rowIds: Uint32Array) => string
}

/**
 * Runs requests one at a time in the order they come (DuckDB already uses every thread it may
 * for one query), and answers each exactly once. A cancel drops a waiting request, or
 * interrupts the running one.
 */
export function createRequestRunner(
  core: Promise<QueryEngineCore>,
  reply: (reply: QueryReply) => void,
  { collectGarbage, writeRowIds }: RunnerOptions = {},
): (request: QueryRequest) => void {
  // A DuckDB that failed to open fails each request with its reason, not the process.
  core.catch(() => undefined)
  const waiting: Work[] = []
  let running: { id: number; cancelled: boolean } | null = null
  let collectFirst = false

  function answer(id: number, result: QueryResult): QueryReply {
    if (writeRowIds && 'kind' in result && result.kind === 'rows') {
      const { rowIds, rowCount } = result
      if (rowIds.length > ROW_IDS_IN_REPLY_MAX) {
        const rowIdsFile = writeRowIds(id, rowIds)
        const whole = rowCount === undefined ? {} : { rowCount }
        return { id, ok: true, rowIdsFile, count: rowIds.length, ...whole }
      }
    }
    return { id, ok: true, result }
  }

  async function runNext() {
    if (running !== null) return
    const request = waiting.shift()
    if (request === undefined) return
    const current = { id: request.id, cancelled: false }
    running = current
    if (collectFirst) collectGarbage?.()
    collectFirst = !leavesLittle(request)
    try {
      const { service } = await core
      if (current.cancelled) throw cancelled()
      const result = await run(service, request)
      reply(answer(request.id, result))
    } catch (error) {
      reply(failure(request.id, current.cancelled ? cancelled() : error))
    } finally {
      running = null
      void runNext()
    }
  }

  return (request) => {
    if (request.type !== 'cancel') {
      // An aggregate that waits (for the answer read ahead that it will take, most often) has
      // its check of DuckDB's reading made meanwhile.
      if (running !== null && (request.type === 'totals' || request.type === 'pivot')) {
        core.then(({ service }) => service.checkAhead(request.source, request.query), noop)
      }
      waiting.push(request)
      void runNext()
      return
    }
    const index = waiting.findIndex((work) => work.id === request.id)
    if (index >= 0) {
      waiting.splice(index, 1)
      reply(failure(request.id, cancelled()))
    } else if (running?.id === request.id) {
      running.cancelled = true
      // If DuckDB failed to open, the request fails with that reason anyway.
      core.then((engine) => engine.interrupt()).catch(() => undefined)
    }
  }
}

const noop = () => undefined

/** An aggregate's rows, or a prepare that only reads one ahead: little for the collector. */
function leavesLittle(request: Work): boolean {
  if (request.type === 'prepare') return request.columns.length === 0
  return request.type === 'totals' || request.type === 'pivot'
}

/** What a prepare answers once its columns are read: nothing to show, only that it is done. */
const PREPARED: ViewRows = { kind: 'identity' }

function run(service: QueryService, request: Work): Promise<QueryResult> {
  switch (request.type) {
    case 'view':
      return service.view(request.source, request.query, request.firstRows)
    case 'totals':
      return service.totals(request.source, request.query)
    case 'pivot':
      return service.pivot(request.source, request.query, request.pivot)
    case 'distinct':
      return service.distinct(request.source, request.query, request.column)
    case 'prepare':
      return service.prepare(request.source, request.columns, request.ahead).then(() => PREPARED)
  }
}

function cancelled(): QueryError {
  return new QueryError('cancelled')
}

function failure(id: number, error: unknown): QueryReply {
  if (error instanceof QueryError) {
    const { failure, messageCode, params } = error
    return { id, ok: false, failure, ...(messageCode && { messageCode, params }) }
  }
  // The CSV engine's refusal (the file changed), as the reason the query failed: main words it.
  if (error instanceof CsvProblemError) {
    const { messageCode, params } = error
    const reason = { ...params, reason: messageCode, reasonCode: messageCode }
    return { id, ok: false, failure: 'failed', messageCode: 'report.query.failed', params: reason }
  }
  // DuckDB's own words (in English), cut to what a message to the window may hold.
  const reason = (error instanceof Error ? error.message : String(error)).slice(0, REASON_MAX)
  const outOfMemory = isOutOfMemory(error)
  return {
    id,
    ok: false,
    failure: 'failed',
    messageCode: outOfMemory ? 'report.query.out-of-memory' : 'report.query.failed',
    params: { reason },
  }
}
