import { randomBytes } from 'node:crypto'
import type pg from 'pg'
import { isUncertainOutcome } from '../../preload/contract/platform/request-outcomes'
import type { RequestResult } from '../history/history-types'
import type { TeamHistoryWrites } from '../history/team-audit-trail'
import { explainedError } from '../platform/i18n/english'
import type { Parameter } from '../platform/privacy/parameter'

/** A row a desk's run has claimed: marked in flight, its history entry written, to send now. */
export interface ClaimedRow {
  rowNumber: number
  parameters: Parameter[]
  historyId: number
}

/** One desk working on a team job: claims rows, reports each one's result, and ends. */
export interface TeamBulkRun {
  /** The environment the job sends to, as the desk that made it named it. */
  environment: { id: string; name: string }
  /** The next pending row, claimed by this run alone; undefined when none is left. */
  claim(): Promise<ClaimedRow | undefined>
  finish(row: ClaimedRow, result: RequestResult): Promise<void>
  /** Ends the run; rows it claimed and did not finish become unknown at the next recovery. */
  end(): Promise<void>
}

/** A random key for an advisory lock: PostgreSQL's bigint, as text. */
const runKey = () => (randomBytes(8).readBigInt64BE() & 0x7fff_ffff_ffff_ffffn).toString()

/**
 * Starts a desk's run on a team job: its key's advisory lock held on a connection of its own
 * until `end` (or until the desk dies, when PostgreSQL drops the connection and the lock).
 */
export async function startTeamRun(
  deps: {
    pool: pg.Pool
    history: TeamHistoryWrites
    desk: { osUser: string; deskName: string }
  },
  jobId: string,
): Promise<TeamBulkRun> {
  const { pool, history, desk } = deps

  const { rows } = await pool.query<{ environment_id: string; environment_name: string }>(
    'SELECT environment_id, environment_name FROM gatedesk.bulk_jobs WHERE id = $1',
    [jobId],
  )
  if (rows.length === 0) throw explainedError('bulk.job.missing', { job: jobId })
  const environment = { id: rows[0]!.environment_id, name: rows[0]!.environment_name }
  const key = runKey()
  const holder = await pool.connect()
  // The lock goes with this connection: once it is lost, another desk may count this run's rows
  // in flight as interrupted, so the run takes no more rows.
  let lost = false
  holder.on('error', () => (lost = true))
  try {
    await holder.query('SELECT pg_advisory_lock($1)', [key])
    await holder.query(
      `INSERT INTO gatedesk.bulk_runs (run_key, job_id, os_user, desk_name)
       VALUES ($1, $2, $3, $4)`,
      [key, jobId, desk.osUser, desk.deskName],
    )
  } catch (error) {
    holder.release(true)
    throw error
  }
  return {
    environment,
    // One statement, autocommitted: one round trip where a transaction took five (on this
    // machine a write to the server's TLS connection is most of a desk's CPU a row). A row is
    // claimed at a time, so the entry written and the row marked pair up without a key.
    async claim() {
      if (lost) throw explainedError('workspace.run-lost')
      const [row] = await history.recordSendingOf<{
        row_number: number
        parameters: Parameter[]
        history_id: string
      }>(
        pool,
        { environment, operation: 'update-recurring-payment' },
        {
          // The job's rows hold their parameters as the audit trail stores them (card data is
          // refused when a job is made).
          select: `SELECT row_number, parameters FROM gatedesk.bulk_rows
          WHERE job_id = $7 AND state = 'pending'
          ORDER BY row_number LIMIT 1 FOR UPDATE SKIP LOCKED`,
          change: `UPDATE gatedesk.bulk_rows AS claimed SET state = 'in-flight', run_key = $8,
            history_id = entry.id
          FROM picked, entry WHERE claimed.job_id = $7 AND claimed.row_number = picked.row_number
          RETURNING claimed.row_number, claimed.parameters, entry.id AS history_id`,
          values: [jobId, key],
        },
      )
      return (
        row && {
          rowNumber: row.row_number,
          parameters: row.parameters,
          historyId: Number(row.history_id),
        }
      )
    },

    // One statement too, for the same reason.
    finish: (row, result) =>
      history.recordResultWith(pool, row.historyId, result, {
        sql: `UPDATE gatedesk.bulk_rows SET state = $9, outcome = $10
          WHERE job_id = $11 AND row_number = $12 AND run_key = $13 AND state = 'in-flight'
            AND EXISTS (SELECT 1 FROM entry)`,
        values: [
          isUncertainOutcome(result.outcome) ? 'unknown' : 'done',
          result.outcome,
          jobId,
          row.rowNumber,
          key,
        ],
      }),

    async end() {
      try {
        if (!lost) await holder.query('SELECT pg_advisory_unlock($1)', [key])
        holder.release()
      } catch {
        // The connection went on the way: the lock went with it.
        holder.release(true)
      }
    },
  }
}
