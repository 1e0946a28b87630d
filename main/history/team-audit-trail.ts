import type pg from 'pg'
import type { AuditEntry, AuditTrail, Sender } from './audit-trail'
import type { RequestResult, SentRequest } from './history-types'
import {
  notOpenForResult,
  storedResult,
  storedSending,
  toEntry,
  type HistoryRow,
} from './history-rows'

/** A row as PostgreSQL returns it: a bigint id as text, times as Dates, json as text here. */
export interface TeamHistoryRow extends Omit<HistoryRow, 'id' | 'sent_at'> {
  id: string
  sent_at: Date
  os_user: string
  desk_name: string
  db_user: string
}

/** The columns an AuditEntry is read from (teamEntryOf). */
export const TEAM_HISTORY_COLUMNS = `id, sent_at, environment_id, environment_name, operation,
  parameters::text AS parameters, profile_id, order_id, outcome, serial_number, error_code,
  error_message, message, message_code, message_params, os_user, desk_name, db_user`

export const teamEntryOf = (row: TeamHistoryRow): AuditEntry => ({
  ...toEntry({ ...row, id: Number(row.id), sent_at: row.sent_at.toISOString() }),
  sender: { osUser: row.os_user, deskName: row.desk_name, dbUser: row.db_user },
})

/** A connection or a transaction's client: where a write goes. */
export type TeamQueryable = Pick<pg.PoolClient, 'query'>

/**
 * The audit trail's two writes on a given connection, so that another store (the team's bulk
 * journal) records a request in the same transaction as its own change.
 */
export interface TeamHistoryWrites {
  recordSending(db: TeamQueryable, request: SentRequest): Promise<number>
  recordResult(db: TeamQueryable, id: number, result: RequestResult): Promise<void>
  /**
   * Writes the entry of a request whose parameters another store's SELECT (`pick.select`) finds,
   * and makes that store's change, in one statement (one round trip, one commit). The SELECT
   * gives at most one row, named `picked`, with a `parameters` json column holding them as the
   * audit trail stores them (no card data: the caller refused it before); `pick.change` is a
   * statement over `picked` and `entry` (the entry's `id`) whose rows are returned. Their values
   * are `$7` on.
   */
  recordSendingOf<R extends object>(
    db: TeamQueryable,
    request: Omit<SentRequest, 'parameters'>,
    pick: { select: string; change: string; values: unknown[] },
  ): Promise<R[]>
  /**
   * Completes an entry and, in the same statement (one round trip, one commit), makes another
   * store's change: `change.sql` is an UPDATE whose values are `$9` on, which names the
   * completed entry `entry` (`AND EXISTS (SELECT 1 FROM entry)`: only while it was open).
   */
  recordResultWith(
    db: TeamQueryable,
    id: number,
    result: RequestResult,
    change: { sql: string; values: unknown[] },
  ): Promise<void>
}

/** Completes an entry still sending ($1) with its result ($2–$8, resultValues). */
const RESULT_UPDATE = `UPDATE gatedesk.history SET outcome = $2, serial_number = $3,
    error_code = $4, error_message = $5, message = $6, message_code = $7, message_params = $8
  WHERE id = $1 AND outcome = 'sending'`

/** The value of the parameter named `name` among `picked`'s, as valueOf reads it: the first. */
const pickedValue = (name: string) =>
  `(SELECT p.value ->> 1 FROM json_array_elements(picked.parameters) WITH ORDINALITY AS p(value, at)
    WHERE p.value ->> 0 = '${name}' ORDER BY p.at LIMIT 1)`

/** RESULT_UPDATE's values: the result as stored (card numbers in its texts masked). */
function resultValues(id: number, result: RequestResult): unknown[] {
  const stored = storedResult(result)
  return [
    id,
    stored.outcome,
    stored.serialNumber,
    stored.errorCode,
    stored.errorMessage,
    stored.message,
    stored.messageCode,
    stored.messageParams,
  ]
}

export function teamHistoryWrites(
  sender: Sender,
  now: () => Date = () => new Date(),
): TeamHistoryWrites {
  return {
    async recordSending(db, request) {
      const columns = storedSending(request)
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO gatedesk.history (sent_at, environment_id, environment_name, operation,
           parameters, profile_id, order_id, outcome, os_user, desk_name)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'sending', $8, $9) RETURNING id`,
        [
          now(),
          columns.environmentId,
          columns.environmentName,
          columns.operation,
          columns.parameters,
          columns.profileId,
          columns.orderId,
          sender.osUser,
          sender.deskName,
        ],
      )
      return Number(rows[0]!.id)
    },

    async recordSendingOf<R extends object>(
      db: TeamQueryable,
      request: Omit<SentRequest, 'parameters'>,
      pick: { select: string; change: string; values: unknown[] },
    ) {
      const { rows } = await db.query<R>(
        `WITH picked AS (${pick.select}),
         entry AS (
           INSERT INTO gatedesk.history (sent_at, environment_id, environment_name, operation,
             parameters, profile_id, order_id, outcome, os_user, desk_name)
           SELECT $1, $2, $3, $4, parameters, ${pickedValue('recurring-payment-id')},
             ${pickedValue('client-orderid')}, 'sending', $5, $6 FROM picked
           RETURNING id)
         ${pick.change}`,
        [
          now(),
          request.environment.id,
          request.environment.name,
          request.operation,
          sender.osUser,
          sender.deskName,
          ...pick.values,
        ],
      )
      return rows
    },

    async recordResult(db, id, result) {
      const { rowCount } = await db.query(RESULT_UPDATE, resultValues(id, result))
      if (rowCount === 0) throw notOpenForResult(id)
    },

    async recordResultWith(db, id, result, change) {
      const { rowCount } = await db.query(
        `WITH entry AS (${RESULT_UPDATE} RETURNING id) ${change.sql}`,
        [...resultValues(id, result), ...change.values],
      )
      if (rowCount === 0) throw notOpenForResult(id)
    },
  }
}

/**
 * The team's audit trail in its PostgreSQL workspace (schema v3, gatedesk.history): what every
 * desk sent, with who sent it, stored exactly as the local history stores it (history-rows.ts).
 */
export function createTeamAuditTrail(
  pool: pg.Pool,
  sender: Sender,
  now: () => Date = () => new Date(),
): AuditTrail {
  const writes = teamHistoryWrites(sender, now)
  return {
    recordSending: (request) => writes.recordSending(pool, request),
    recordResult: (id, result) => writes.recordResult(pool, id, result),

    async get(id) {
      const { rows } = await pool.query<TeamHistoryRow>(
        `SELECT ${TEAM_HISTORY_COLUMNS} FROM gatedesk.history WHERE id = $1`,
        [id],
      )
      return rows.length === 0 ? null : teamEntryOf(rows[0]!)
    },

    async recent(limit) {
      const { rows } = await pool.query<TeamHistoryRow>(
        `SELECT ${TEAM_HISTORY_COLUMNS} FROM gatedesk.history ORDER BY sent_at DESC, id DESC LIMIT $1`,
        [limit],
      )
      return rows.map(teamEntryOf)
    },
  }
}
