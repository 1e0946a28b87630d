import { randomUUID } from 'node:crypto'
import { spreadsheetLine } from '../../preload/contract/bulk/spreadsheet-line'
import type pg from 'pg'
import type { TeamHistoryWrites } from '../history/team-audit-trail'
import { coded, explainedError } from '../platform/i18n/english'
import type { Parameter } from '../platform/privacy/parameter'
import { redactParameters } from '../platform/privacy/redaction'
import { inTeamTransaction } from '../platform/team-db/team-transaction'
import { startTeamRun } from './team-bulk-run'

export type { ClaimedRow, TeamBulkRun } from './team-bulk-run'

export type TeamRowState = 'pending' | 'in-flight' | 'done' | 'unknown'

/** A team job as lists show it: running while a desk has rows in flight, ready with rows left. */
export interface TeamBulkJob {
  id: string
  file: string
  createdAt: string
  environment: string
  madeBy: { osUser: string; deskName: string }
  states: Record<TeamRowState, number>
  state: 'ready' | 'running' | 'finished'
}

const INTERRUPTED_ENTRY = coded('history.interrupted')

/** Whether the parameters carry card data (a card number masked or a card code dropped). */
const carriesCardData = (parameters: readonly Parameter[]) =>
  JSON.stringify(redactParameters(parameters)) !== JSON.stringify(parameters)

/**
 * Bulk jobs in the team's PostgreSQL workspace (schema v4), worked on by several desks at once,
 * each row sent once. A run claims rows with `FOR UPDATE SKIP LOCKED` in the transaction that
 * marks them in flight and writes their history entries, so two desks never claim one row and no
 * row leaves without its audit entry. Each run holds an advisory lock on its key on a connection
 * of its own while it lives: when a desk dies its connection and its lock go, and the next
 * recovery makes exactly that run's rows in flight unknown (never sent again silently).
 */
export function createTeamBulkJournal(deps: {
  pool: pg.Pool
  history: TeamHistoryWrites
  desk: { osUser: string; deskName: string }
  now?: () => Date
}) {
  const { pool, history, desk, now = () => new Date() } = deps

  return {
    /** A job of the given rows, all pending; refused when a row carries card data. */
    async createJob(input: {
      sourceName: string
      environment: { id: string; name: string }
      rows: { rowNumber: number; parameters: Parameter[] }[]
    }): Promise<string> {
      const withCard = input.rows.find((row) => carriesCardData(row.parameters))
      if (withCard) {
        const line = spreadsheetLine(withCard.rowNumber)
        throw explainedError('workspace.bulk-card-data', { line })
      }
      const id = `bulk-${randomUUID()}`
      await inTeamTransaction(pool, async (db) => {
        await db.query(
          `INSERT INTO gatedesk.bulk_jobs (id, created_at, source_name, environment_id,
             environment_name, os_user, desk_name) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [
            id,
            now(),
            input.sourceName,
            input.environment.id,
            input.environment.name,
            desk.osUser,
            desk.deskName,
          ],
        )
        await db.query(
          `INSERT INTO gatedesk.bulk_rows (job_id, row_number, parameters, state)
           SELECT $1, row_number, parameters, 'pending'
           FROM json_to_recordset($2::json) AS r(row_number integer, parameters json)`,
          [
            id,
            JSON.stringify(
              input.rows.map((row) => ({ row_number: row.rowNumber, parameters: row.parameters })),
            ),
          ],
        )
      })
      return id
    },

    /** Starts this desk's run on a job (its lock held until `end`). */
    startRun: (jobId: string) => startTeamRun({ pool, history, desk }, jobId),

    /**
     * Rows left in flight by runs that died (their desk killed or cut off) become unknown, and
     * their history entries too; rows of runs still alive are left to them. Returns how many.
     */
    async recoverInterrupted(jobId: string): Promise<number> {
      const client = await pool.connect()
      let recovered = 0
      try {
        const { rows } = await client.query<{ run_key: string }>(
          `SELECT DISTINCT run_key FROM gatedesk.bulk_rows WHERE job_id = $1 AND state = 'in-flight'`,
          [jobId],
        )
        for (const { run_key: key } of rows) {
          const { rows: free } = await client.query<{ free: boolean }>(
            'SELECT pg_try_advisory_lock($1) AS free',
            [key],
          )
          if (!free[0]!.free) continue
          try {
            recovered += await inTeamTransaction(pool, async (db) => {
              const lost = await db.query<{ history_id: string }>(
                `UPDATE gatedesk.bulk_rows SET state = 'unknown', outcome = 'unknown'
                 WHERE job_id = $1 AND run_key = $2 AND state = 'in-flight' RETURNING history_id`,
                [jobId, key],
              )
              await db.query(
                `UPDATE gatedesk.history SET outcome = 'unknown', message = $2, message_code = $3
                 WHERE id = ANY($1::bigint[]) AND outcome = 'sending'`,
                [
                  lost.rows.map((row) => row.history_id),
                  INTERRUPTED_ENTRY.message,
                  INTERRUPTED_ENTRY.messageCode,
                ],
              )
              return lost.rowCount ?? 0
            })
          } finally {
            await client.query('SELECT pg_advisory_unlock($1)', [key])
          }
        }
        return recovered
      } finally {
        client.release()
      }
    },

    /** The team's jobs, newest first, with who made each and its rows in each state. */
    async jobs(limit: number): Promise<TeamBulkJob[]> {
      const { rows } = await pool.query<{
        id: string
        source_name: string
        created_at: Date
        environment_name: string
        os_user: string
        desk_name: string
        states: Record<TeamRowState, number> | null
      }>(
        `SELECT j.id, j.source_name, j.created_at, j.environment_name, j.os_user, j.desk_name,
           (SELECT json_object_agg(state, n) FROM (SELECT state, count(*) AS n
              FROM gatedesk.bulk_rows r WHERE r.job_id = j.id GROUP BY state) s) AS states
         FROM gatedesk.bulk_jobs j ORDER BY j.created_at DESC, j.id LIMIT $1`,
        [limit],
      )
      return rows.map((row) => {
        const states = { pending: 0, 'in-flight': 0, done: 0, unknown: 0, ...row.states }
        return {
          id: row.id,
          file: row.source_name,
          createdAt: row.created_at.toISOString(),
          environment: row.environment_name,
          madeBy: { osUser: row.os_user, deskName: row.desk_name },
          states,
          state: states['in-flight'] > 0 ? 'running' : states.pending > 0 ? 'ready' : 'finished',
        }
      })
    },

    /** How many rows of the job are in each state. */
    async counts(jobId: string): Promise<Record<TeamRowState, number>> {
      const { rows } = await pool.query<{ state: TeamRowState; n: string }>(
        'SELECT state, count(*) AS n FROM gatedesk.bulk_rows WHERE job_id = $1 GROUP BY state',
        [jobId],
      )
      const counts = { pending: 0, 'in-flight': 0, done: 0, unknown: 0 }
      for (const row of rows) counts[row.state] = Number(row.n)
      return counts
    },
  }
}

export type TeamBulkJournal = ReturnType<typeof createTeamBulkJournal>
