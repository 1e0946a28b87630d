import { open, rm } from 'node:fs/promises'
import { ExplainedError } from '../../../preload/contract/platform/explained-error'
import type { ReportTotals, ViewQuery } from '../../../preload/contract/reports/report-view'
import type { PivotRequest, PivotResult } from '../../../preload/contract/reports/report-pivot'
import type { DistinctValues } from '../../../preload/contract/reports/report-distinct'
import {
  exitParams,
  type ProcessChannel,
  type ProcessExit,
} from '../../platform/workers/process-channel'
import { QueryError } from './query-error'
import type { MessageCode } from '../../../preload/contract/locales/explain'
import type { MessageParams } from '../../../preload/contract/platform/explained'
import { english } from '../../platform/i18n/english'
import {
  type AnswerAhead,
  type PreparedSource,
  type QueryReply,
  type QuerySource,
  type ViewRows,
} from './query-messages'
import { isIdentityView } from './view-sql'
import {
  launchQueryProcess,
  type LaunchedQueryProcess,
  type QueryLaunchOptions,
} from './query-launch'

/** Sorts, filters and totals report files in the query process. */
export interface QueryEngine {
  /**
   * The row ids of the view in view order; `identity` when it is the file's order. With
   * `firstRows`, only the first ones (a top-N where a sort orders every row), and its length.
   */
  view(
    source: QuerySource,
    query: ViewQuery,
    options?: { signal?: AbortSignal; firstRows?: number },
  ): Promise<ViewRows>
  totals(source: QuerySource, query: ViewQuery, signal?: AbortSignal): Promise<ReportTotals>
  /** The view's rows grouped by `pivot`'s keys, counted and measured. */
  pivot(
    source: QuerySource,
    query: ViewQuery,
    pivot: PivotRequest,
    signal?: AbortSignal,
  ): Promise<PivotResult>
  /** `column`'s distinct values with counts in the view, its own filters left out. */
  distinct(
    source: QuerySource,
    query: ViewQuery,
    column: number,
    signal?: AbortSignal,
  ): Promise<DistinctValues>
  /**
   * Starts the process, if it is not running, and DuckDB reading `columns` of a file while it is
   * indexed, so that the query that follows the index finds them read (see DirectReads.prepare),
   * or the answer of `ahead` (see ReportTables.readAhead). Nothing answers it: a read that fails
   * or reads otherwise leaves the query to load them. Stops when `signal` aborts.
   */
  prepare(
    source: PreparedSource,
    columns: readonly number[],
    options?: { signal?: AbortSignal; ahead?: AnswerAhead },
  ): void
  /**
   * Starts the process now, if it is not running, so that the first sort need not wait for it
   * and DuckDB to start: it loads no report data until a query asks for it.
   */
  warm(): void
  /**
   * Ends the process; calls still waiting fail. Settles once it has exited (at most
   * EXIT_WAIT_MS): a process still starting may write in its folder until then.
   */
  close(): Promise<void>
}

export interface QueryEngineOptions extends QueryLaunchOptions {
  /**
   * A query process started before the engine (launchQueryProcess, in scratchRoot), used as its
   * first: the command line starts it before the command's code loads.
   */
  launched?: LaunchedQueryProcess
}

/** How long a closed engine waits for its process to exit before it says it is closed anyway. */
const EXIT_WAIT_MS = 5000

/** The query process ended while calls were waiting on it: the next call starts a new one. */
export class QueryProcessStoppedError extends ExplainedError {
  override readonly name = 'QueryProcessStoppedError'
  constructor(exit: ProcessExit) {
    const params = exitParams(exit)
    super(english('report.query.process-stopped', params), 'report.query.process-stopped', params)
  }
}

interface Waiting {
  resolve(result: unknown): void
  reject(error: unknown): void
}

/**
 * The main side of the query process. It starts the process when warmed (a report was indexed)
 * or on the first query that needs it, and again on the next query after it dies. DuckDB loads
 * report data only when the user first sorts, filters or asks for totals.
 */
export function createQueryEngine(options: QueryEngineOptions): QueryEngine {
  const waiting = new Map<number, Waiting>()
  let channel: ProcessChannel | null = null
  let launched = options.launched
  let lastId = 0
  let closed = false
  /** Settles when the process started last has exited (at once when none was). */
  let exited: Promise<void> = Promise.resolve()

  function start(): ProcessChannel {
    const { channel: started, scratchDir } = launched ?? launchQueryProcess(options)
    launched = undefined
    const removeScratch = () => void rm(scratchDir, { recursive: true, force: true })
    started.onMessage((message) => answer(message as QueryReply))
    let markExited = () => {}
    exited = new Promise<void>((resolve) => (markExited = resolve))
    started.onExit((exit) => {
      markExited()
      // What it left: row ids no call read, the columns of a load it did not finish.
      removeScratch()
      if (channel !== started) return
      channel = null
      failAll(new QueryProcessStoppedError(exit))
    })
    return started
  }

  function answer(reply: QueryReply) {
    const call = waiting.get(reply.id)
    waiting.delete(reply.id)
    if ('rowIdsFile' in reply) {
      // Read (and removed) even for a call no longer waiting.
      const whole = reply.rowCount === undefined ? {} : { rowCount: reply.rowCount }
      readRowIds(reply.rowIdsFile, reply.count).then(
        (rowIds) => call?.resolve({ kind: 'rows', rowIds, ...whole } satisfies ViewRows),
        (error: unknown) => call?.reject(error),
      )
    } else if (!call) {
      return
    } else if (reply.ok) {
      call.resolve(reply.result)
    } else {
      call.reject(queryError(reply.failure, reply.messageCode, reply.params))
    }
  }

  function failAll(error: Error) {
    const calls = [...waiting.values()]
    waiting.clear()
    for (const call of calls) call.reject(error)
  }

  function request<T>(
    type: 'view' | 'totals' | 'distinct' | 'pivot',
    source: QuerySource,
    query: ViewQuery,
    signal: AbortSignal | undefined,
    /** What else the request type takes (a distinct's column, a pivot's request). */
    more: object = {},
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (closed) throw engineClosed()
      signal?.throwIfAborted()
      const id = ++lastId
      const current = (channel ??= start())
      const onAbort = () => {
        waiting.delete(id)
        current.send({ type: 'cancel', id })
        reject(signal!.reason)
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      const done = () => signal?.removeEventListener('abort', onAbort)
      waiting.set(id, {
        resolve: (result) => (done(), resolve(result as T)),
        reject: (error) => (done(), reject(error)),
      })
      current.send({ type, id, source, query, ...more })
    })
  }

  return {
    async view(source, query, { signal, firstRows } = {}) {
      // The file's own order needs no process: it may never start.
      if (isIdentityView(query)) return { kind: 'identity' }
      const first = firstRows === undefined ? {} : { firstRows }
      return request<ViewRows>('view', source, query, signal, first)
    },
    totals: (source, query, signal) => request<ReportTotals>('totals', source, query, signal),
    pivot: (source, query, pivot, signal) =>
      request<PivotResult>('pivot', source, query, signal, { pivot }),
    distinct: (source, query, column, signal) =>
      request<DistinctValues>('distinct', source, query, signal, { column }),
    warm() {
      if (!closed) channel ??= start()
    },
    prepare(source, columns, { signal, ahead } = {}) {
      if (closed || signal?.aborted) return
      const id = ++lastId
      const current = (channel ??= start())
      current.send({
        type: 'prepare',
        id,
        source,
        columns: [...columns],
        ...(ahead ? { ahead } : {}),
      })
      signal?.addEventListener('abort', () => current.send({ type: 'cancel', id }), { once: true })
    },
    close() {
      closed = true
      // One launched ahead and never asked anything ends, its folder removed, as any other.
      if (launched) channel = start()
      channel?.kill()
      channel = null
      failAll(engineClosed())
      const waited = new Promise<void>((resolve) => setTimeout(resolve, EXIT_WAIT_MS).unref())
      return Promise.race([exited, waited])
    },
  }
}

/** A QueryError as main raises it: worded in the catalog's English when it has a code. */
const queryError = (
  failure: QueryError['failure'],
  messageCode?: MessageCode,
  params: MessageParams = {},
) => new QueryError(failure, messageCode, params, messageCode && english(messageCode, params))

/** A call made or waiting when the app closed the engine (it quits, or the CLI is done). */
function engineClosed(): QueryError {
  return queryError('cancelled', 'report.query.closed')
}

/** The row ids the query process wrote to `file` (see ROW_IDS_IN_REPLY_MAX), which goes. */
async function readRowIds(file: string, count: number): Promise<Uint32Array> {
  try {
    const rowIds = new Uint32Array(count)
    const handle = await open(file, 'r')
    try {
      const { bytesRead } = await handle.read(rowIds, 0, rowIds.byteLength, 0)
      if (bytesRead !== rowIds.byteLength) throw new Error(`${file} holds too few row ids`)
    } finally {
      await handle.close()
    }
    return rowIds
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw queryError('failed', 'report.query.result-unreadable', { reason })
  } finally {
    await rm(file, { force: true })
  }
}
