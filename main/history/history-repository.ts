import type { Parameter } from '../platform/privacy/parameter'
import type { Db } from '../platform/db/database'
import {
  notOpenForResult,
  storedResult,
  storedSending,
  toEntry,
  valueOf,
  type HistoryRow,
} from './history-rows'
import type { HistoryEntry, RequestResult, SentRequest } from './history-types'
import { uncertainUpdates, updateKey } from './uncertain-updates'
import { redactParameters } from '../platform/privacy/redaction'
import { otherLiveProcess, thisProcess, type Runner } from '../platform/jobs/runner-process'
import { coded } from '../platform/i18n/english'
import { historyWhere, pageBounds, type HistoryFilter } from './history-filter'
import { historyTextIndex, TEXT_INDEX_BATCH } from './history-text-index'

export type { HistoryOperation } from './history-filter'

export type { HistoryEntry, HistoryOutcome, RequestResult, SentRequest } from './history-types'

export interface HistoryQuery extends HistoryFilter {
  /** At most 500; 50 by default. */
  limit?: number
  offset?: number
}

export interface HistoryPage {
  entries: HistoryEntry[]
  /** How many entries match in all, for paging. */
  total: number
}

const INTERRUPTED = coded('history.interrupted')

/** The history of every request sent, newest first; nothing secret or unmasked reaches it. */
export function createHistoryRepository(
  db: Db,
  now: () => Date = () => new Date(),
  sender: Runner = thisProcess(),
) {
  const insert = db.prepare(
    `INSERT INTO request_history (sent_at, environment_id, environment_name, operation,
       parameters, profile_id, order_id, outcome, sender_pid, sender_host)
     VALUES (@sentAt, @environmentId, @environmentName, @operation, @parameters, @profileId,
       @orderId, 'sending', @senderPid, @senderHost)`,
  )
  const complete = db.prepare(
    `UPDATE request_history SET outcome = @outcome, serial_number = @serialNumber,
       error_code = @errorCode, error_message = @errorMessage, message = @message,
       message_code = @messageCode, message_params = @messageParams
     WHERE id = @id AND outcome = 'sending'`,
  )

  const uncertain = uncertainUpdates(db)
  const textIndex = historyTextIndex(db)
  let resultsSinceIndexed = 0
  /** The search index is read only once it holds every entry. */
  const indexedFor = (filter: HistoryFilter) => {
    if (filter.text?.trim()) textIndex.catchUp()
  }
  const byId = db.prepare(`SELECT * FROM request_history WHERE id = ?`)

  function entryOf(id: number): HistoryEntry | null {
    const row = byId.get(id) as HistoryRow | undefined
    return row ? toEntry(row) : null
  }

  return {
    /** Records a request before it is sent, so even a crash leaves a trace of it. Returns its id. */
    recordSending(request: SentRequest): number {
      const { stored, ...columns } = storedSending(request)
      const { profileId } = columns
      const id = Number(
        insert.run({
          ...columns,
          sentAt: now().toISOString(),
          senderPid: sender.pid,
          senderHost: sender.host,
        }).lastInsertRowid,
      )
      if (request.operation === 'update-recurring-payment' && profileId !== null) {
        uncertain.sending({ id, update: updateKey(stored) }, request.environment.id, profileId)
      }
      return id
    },

    /** Records what became of a request recorded with recordSending. */
    recordResult(id: number, result: RequestResult): void {
      const changed = complete.run({ id, ...storedResult(result) }).changes
      if (changed === 0) throw notOpenForResult(id)
      uncertain.settled(id, result.outcome)
      // In the result's transaction: a batch indexed together, never a backlog without bound.
      if (++resultsSinceIndexed >= TEXT_INDEX_BATCH) {
        resultsSinceIndexed = 0
        textIndex.catchUp()
      }
    },

    /**
     * At app start: requests still 'sending' whose process is gone were cut off by a crash or a
     * quit; their outcome is unknown. Those of a live process (a CLI run) are left to it.
     */
    markInterrupted(): number {
      const senders = db
        .prepare(
          `SELECT DISTINCT sender_pid AS pid, sender_host AS host FROM request_history
           WHERE outcome = 'sending'`,
        )
        .all() as { pid: number | null; host: string | null }[]
      const mark = db.prepare(
        `UPDATE request_history SET outcome = 'unknown', message = ?, message_code = ?
         WHERE outcome = 'sending' AND sender_pid IS ? AND sender_host IS ?`,
      )
      let marked = 0
      for (const { pid, host } of senders) {
        if (pid !== null && host !== null && otherLiveProcess({ pid, host }, sender)) continue
        marked += mark.run(INTERRUPTED.message, INTERRUPTED.messageCode, pid, host).changes
      }
      return marked
    },

    /**
     * The newest update-recurring-payment sent to the profile the parameters name, in an
     * environment, when its outcome is uncertain (it may have changed the profile) and it was
     * this same update, whatever its order id; else null.
     */
    uncertainSameUpdateOf(
      environmentId: string,
      parameters: readonly Parameter[],
    ): HistoryEntry | null {
      const profileId = valueOf(parameters, 'recurring-payment-id')
      if (profileId === null) return null
      const newest = uncertain.of(environmentId, profileId)
      if (newest === null || newest.update !== updateKey(redactParameters(parameters))) return null
      return entryOf(newest.id)
    },

    get: entryOf,

    search(query: HistoryQuery = {}): HistoryPage {
      indexedFor(query)
      const { where, values } = historyWhere(query)
      const { limit, offset } = pageBounds(query)
      const rows = db
        .prepare(
          `SELECT * FROM request_history ${where} ORDER BY sent_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`,
        )
        .all(values) as HistoryRow[]
      const { total } = db
        .prepare(`SELECT count(*) AS total FROM request_history ${where}`)
        .get(values) as { total: number }
      return { entries: rows.map(toEntry), total }
    },

    /**
     * Every entry the filter matches, newest first, in chunks read whole (no statement stays open
     * between them, so the caller may wait for its writes while sends go on).
     */
    *matching(filter: HistoryFilter = {}, chunk = 1000): Generator<HistoryEntry[]> {
      indexedFor(filter)
      const { where, values } = historyWhere(filter)
      const after = `(sent_at < @lastSent OR (sent_at = @lastSent AND id < @lastId))`
      const next = db.prepare(
        `SELECT * FROM request_history
         ${where ? `${where} AND ${after}` : `WHERE ${after}`}
         ORDER BY sent_at DESC, id DESC LIMIT ${Math.max(1, Math.trunc(chunk))}`,
      )
      // Past the newest entry: every ISO instant sorts before '~'.
      let last = { lastSent: '~', lastId: Number.MAX_SAFE_INTEGER }
      for (;;) {
        const rows = next.all({ ...values, ...last }) as HistoryRow[]
        if (rows.length === 0) return
        yield rows.map(toEntry)
        const tail = rows.at(-1)!
        last = { lastSent: tail.sent_at, lastId: tail.id }
      }
    },
  }
}

export type HistoryRepository = ReturnType<typeof createHistoryRepository>
