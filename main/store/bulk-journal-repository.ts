import type { MessageParams } from '../../preload/contract/explained'
import type { Db } from './database'
import { explainedOf, storedMessage, type MessageColumns } from './stored-message'
import { groupCommit, type CommitOptions } from './group-commit'

export type BulkJobState = 'ready' | 'running' | 'paused' | 'cancelled' | 'finished'
export type BulkRowState = 'pending' | 'in-flight' | 'done' | 'unknown' | 'skipped'

export interface BulkJobSource {
  path: string
  sha256: string
  encoding: string
  delimiter: string
  /** Per column of the file, the parameter it holds (null: not sent). */
  mapping: (string | null)[]
}

export interface NewBulkJob {
  id: string
  source: BulkJobSource
  environment: { id: string; name: string }
  profileType: string | null
  concurrency: number
  rate: number | null
  orderPrefix: string
}

export interface BulkJob extends NewBulkJob {
  createdAt: string
  updatedAt: string
  finishedAt: string | null
  state: BulkJobState
  runner: { pid: number; host: string } | null
}

export interface NewBulkRow {
  rowNumber: number
  clientOrderId: string
  profileId: string | null
  /** Values fixed in place, never card data (the caller keeps those in memory). */
  overrides: Record<string, string> | null
  /** A pasted table's CVV2 of the row, encrypted with the table's key; cleared once it is sent. */
  sealedCardCode?: Uint8Array | null
}

export interface BulkRow {
  rowNumber: number
  state: BulkRowState
  clientOrderId: string
  attempt: number
  profileId: string | null
  overrides: Record<string, string> | null
  /** While the row is pending: its CVV2 from a pasted table, encrypted (NewBulkRow). */
  sealedCardCode: Uint8Array | null
  historyId: number | null
  outcome: string | null
  serialNumber: string | null
  errorCode: string | null
  message: string | null
  messageCode?: string
  params?: MessageParams
}

export interface RowResult {
  state: 'done' | 'unknown'
  outcome: string
  serialNumber: string | null
  errorCode: string | null
  message: string
  messageCode?: string
  params?: MessageParams
}

export interface BulkRowFilter {
  states?: BulkRowState[]
  outcomes?: string[]
  /** Part of the profile id or the order id. */
  text?: string
  offset?: number
  limit?: number
}

interface JobRow {
  id: string
  created_at: string
  updated_at: string
  source_path: string
  source_sha256: string
  encoding: string
  delimiter: string
  mapping: string
  environment_id: string
  environment_name: string
  profile_type: string | null
  concurrency: number
  rate: number | null
  order_prefix: string
  state: BulkJobState
  runner_pid: number | null
  runner_host: string | null
  finished_at: string | null
}

interface RowRow extends MessageColumns {
  row_number: number
  state: BulkRowState
  client_orderid: string
  attempt: number
  profile_id: string | null
  overrides: string | null
  card_code: Uint8Array | null
  history_id: number | null
  outcome: string | null
  serial_number: string | null
  error_code: string | null
  message: string | null
}

const toJob = (row: JobRow): BulkJob => ({
  id: row.id,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  finishedAt: row.finished_at,
  source: {
    path: row.source_path,
    sha256: row.source_sha256,
    encoding: row.encoding,
    delimiter: row.delimiter,
    mapping: JSON.parse(row.mapping) as (string | null)[],
  },
  environment: { id: row.environment_id, name: row.environment_name },
  profileType: row.profile_type,
  concurrency: row.concurrency,
  rate: row.rate,
  orderPrefix: row.order_prefix,
  state: row.state,
  runner: row.runner_pid === null ? null : { pid: row.runner_pid, host: row.runner_host ?? '' },
})

const toRow = (row: RowRow): BulkRow => ({
  rowNumber: row.row_number,
  state: row.state,
  clientOrderId: row.client_orderid,
  attempt: row.attempt,
  profileId: row.profile_id,
  overrides: row.overrides === null ? null : (JSON.parse(row.overrides) as Record<string, string>),
  sealedCardCode: row.card_code,
  historyId: row.history_id,
  outcome: row.outcome,
  serialNumber: row.serial_number,
  errorCode: row.error_code,
  message: row.message,
  ...explainedOf(row),
})

/** A row's first order id when the file gives none: the job's prefix and the row number. */
export const orderIdOf = (prefix: string, rowNumber: number) => `${prefix}-${rowNumber}`

/** A re-send after an unknown outcome goes with a new order id: the first one, -R and the attempt. */
export const resendOrderId = (current: string, attempt: number) =>
  `${current.replace(/-R\d+$/, '')}-R${attempt}`

/**
 * The bulk journal in SQLite. Every change is its own committed transaction (the database runs
 * WAL with synchronous FULL), so what it says survives a crash or a kill at any instant.
 */
export function createBulkJournal(db: Db, now: () => Date = () => new Date()) {
  const iso = () => now().toISOString()
  const commit = groupCommit(db)
  const statements = {
    insertJob: db.prepare(
      `INSERT INTO bulk_jobs (id, created_at, updated_at, source_path, source_sha256, encoding,
         delimiter, mapping, environment_id, environment_name, profile_type, concurrency, rate,
         order_prefix, state)
       VALUES (@id, @at, @at, @path, @sha256, @encoding, @delimiter, @mapping, @environmentId,
         @environmentName, @profileType, @concurrency, @rate, @orderPrefix, 'ready')`,
    ),
    insertRow: db.prepare(
      `INSERT INTO bulk_rows (job_id, row_number, state, client_orderid, profile_id, overrides,
         card_code, updated_at)
       VALUES (?, ?, 'pending', ?, ?, ?, ?, ?)`,
    ),
    job: db.prepare(`SELECT * FROM bulk_jobs WHERE id = ?`),
    // A row's CVV2 goes in the transaction that says it leaves (PCI DSS 3.3.1).
    inFlight: db.prepare(
      `UPDATE bulk_rows SET state = 'in-flight', history_id = ?, card_code = NULL, updated_at = ?
       WHERE job_id = ? AND row_number = ? AND state = 'pending'`,
    ),
    finish: db.prepare(
      `UPDATE bulk_rows SET state = @state, outcome = @outcome, serial_number = @serialNumber,
         error_code = @errorCode, message = @message, message_code = @messageCode,
         message_params = @messageParams, card_code = NULL, updated_at = @at
       WHERE job_id = @jobId AND row_number = @rowNumber AND state IN ('pending', 'in-flight')`,
    ),
    row: db.prepare(`SELECT * FROM bulk_rows WHERE job_id = ? AND row_number = ?`),
    pendingFrom: db.prepare(
      `SELECT * FROM bulk_rows WHERE job_id = ? AND state = 'pending' AND row_number >= ?
       ORDER BY row_number LIMIT ?`,
    ),
    counts: db.prepare(
      `SELECT state, coalesce(outcome, '') AS outcome, count(*) AS n FROM bulk_rows
       WHERE job_id = ? GROUP BY state, outcome`,
    ),
  }

  return {
    /** Records a job and all its rows, pending, in one transaction. */
    create(job: NewBulkJob, rows: readonly NewBulkRow[]): void {
      db.transaction(() => {
        const at = iso()
        statements.insertJob.run({
          id: job.id,
          at,
          path: job.source.path,
          sha256: job.source.sha256,
          encoding: job.source.encoding,
          delimiter: job.source.delimiter,
          mapping: JSON.stringify(job.source.mapping),
          environmentId: job.environment.id,
          environmentName: job.environment.name,
          profileType: job.profileType,
          concurrency: job.concurrency,
          rate: job.rate,
          orderPrefix: job.orderPrefix,
        })
        for (const row of rows) {
          statements.insertRow.run(
            job.id,
            row.rowNumber,
            row.clientOrderId,
            row.profileId,
            row.overrides === null ? null : JSON.stringify(row.overrides),
            row.sealedCardCode ?? null,
            at,
          )
        }
      })()
    },

    job(id: string): BulkJob | null {
      const row = statements.job.get(id) as JobRow | undefined
      return row ? toJob(row) : null
    },

    /** The newest jobs first. */
    jobs(limit = 50): BulkJob[] {
      return (
        db
          .prepare(`SELECT * FROM bulk_jobs ORDER BY created_at DESC, id LIMIT ?`)
          .all(limit) as JobRow[]
      ).map(toJob)
    },

    /** The jobs made from a source file. */
    jobsOfSource(path: string): BulkJob[] {
      return (
        db.prepare(`SELECT * FROM bulk_jobs WHERE source_path = ?`).all(path) as JobRow[]
      ).map(toJob)
    },

    setState(id: string, state: BulkJobState, runner: { pid: number; host: string } | null): void {
      const ended = state === 'finished' || state === 'cancelled'
      db.prepare(
        `UPDATE bulk_jobs SET state = ?, runner_pid = ?, runner_host = ?, updated_at = ?,
           finished_at = CASE WHEN ? THEN ? ELSE finished_at END
         WHERE id = ?`,
      ).run(state, runner?.pid ?? null, runner?.host ?? null, iso(), ended ? 1 : 0, iso(), id)
    },

    /** Forgets the encrypted CVV2s of a job's rows (its pasted table was shredded). */
    forgetCardCodes(jobId: string): void {
      db.prepare(`UPDATE bulk_rows SET card_code = NULL WHERE job_id = ?`).run(jobId)
    },

    setSettings(id: string, settings: { concurrency: number; rate: number | null }): void {
      db.prepare(`UPDATE bulk_jobs SET concurrency = ?, rate = ?, updated_at = ? WHERE id = ?`).run(
        settings.concurrency,
        settings.rate,
        iso(),
        id,
      )
    },

    /** Up to `limit` pending rows from `rowNumber` on, in file order. */
    pendingRowsFrom(jobId: string, rowNumber: number, limit: number): BulkRow[] {
      return (statements.pendingFrom.all(jobId, rowNumber, limit) as RowRow[]).map(toRow)
    },

    row(jobId: string, rowNumber: number): BulkRow | null {
      const row = statements.row.get(jobId, rowNumber) as RowRow | undefined
      return row ? toRow(row) : null
    },

    /** Marks a row as leaving now; call in the transaction that records it in history. */
    markInFlight(jobId: string, rowNumber: number, historyId: number): void {
      const changed = statements.inFlight.run(historyId, iso(), jobId, rowNumber).changes
      if (changed !== 1) throw new Error(`Row ${rowNumber} of ${jobId} is not pending`)
    },

    /** Records what became of a row (sent, or refused before sending). */
    finishRow(jobId: string, rowNumber: number, result: RowResult): void {
      const { messageCode, params, ...columns } = result
      statements.finish.run({
        jobId,
        rowNumber,
        at: iso(),
        ...columns,
        ...storedMessage({ messageCode, params }),
      })
    },

    /**
     * A job found interrupted: its rows in flight may or may not have reached the gateway, so they
     * become unknown. Returns their history ids (to complete those entries as unknown too).
     */
    inFlightToUnknown(jobId: string, why: { message: string; messageCode: string }): number[] {
      return db.transaction(() => {
        const ids = (
          db
            .prepare(
              `SELECT history_id AS id FROM bulk_rows WHERE job_id = ? AND state = 'in-flight'`,
            )
            .all(jobId) as { id: number | null }[]
        ).flatMap((r) => (r.id === null ? [] : [r.id]))
        db.prepare(
          `UPDATE bulk_rows SET state = 'unknown', outcome = 'unknown', message = ?,
             message_code = ?, message_params = NULL, updated_at = ?
           WHERE job_id = ? AND state = 'in-flight'`,
        ).run(why.message, why.messageCode, iso(), jobId)
        return ids
      })()
    },

    /**
     * The deliberate decision on unknown rows: send again with a new order id (pending, next
     * attempt), or skip. Returns how many rows changed.
     */
    decide(jobId: string, rowNumbers: readonly number[], decision: 'resend' | 'skip'): number {
      const skip = db.prepare(
        `UPDATE bulk_rows SET state = 'skipped', updated_at = ?
         WHERE job_id = ? AND row_number = ? AND state = 'unknown'`,
      )
      const resend = db.prepare(
        `UPDATE bulk_rows SET state = 'pending', attempt = attempt + 1, client_orderid = ?,
           history_id = NULL, outcome = NULL, serial_number = NULL, error_code = NULL,
           message = NULL, message_code = NULL, message_params = NULL, updated_at = ?
         WHERE job_id = ? AND row_number = ? AND state = 'unknown'`,
      )
      return db.transaction(() => {
        let changed = 0
        for (const rowNumber of rowNumbers) {
          const row = this.row(jobId, rowNumber)
          if (row?.state !== 'unknown') continue
          changed +=
            decision === 'skip'
              ? skip.run(iso(), jobId, rowNumber).changes
              : resend.run(
                  resendOrderId(row.clientOrderId, row.attempt + 1),
                  iso(),
                  jobId,
                  rowNumber,
                ).changes
        }
        return changed
      })()
    },

    /** How many rows are in each state, and the done rows per outcome. */
    counts(jobId: string): {
      states: Record<BulkRowState, number>
      outcomes: Record<string, number>
    } {
      const states: Record<BulkRowState, number> = {
        pending: 0,
        'in-flight': 0,
        done: 0,
        unknown: 0,
        skipped: 0,
      }
      const outcomes: Record<string, number> = {}
      for (const { state, outcome, n } of statements.counts.all(jobId) as {
        state: BulkRowState
        outcome: string
        n: number
      }[]) {
        states[state] += n
        if (state === 'done') outcomes[outcome] = (outcomes[outcome] ?? 0) + n
      }
      return { states, outcomes }
    },

    /** Rows in file order, filtered; with how many match in all. */
    rows(jobId: string, filter: BulkRowFilter = {}): { rows: BulkRow[]; total: number } {
      const conditions = ['job_id = @jobId']
      const values: Record<string, string | number> = { jobId }
      const list = (column: string, name: string, items: readonly string[] | undefined) => {
        if (!items?.length) return
        conditions.push(`${column} IN (${items.map((_, i) => `@${name}${i}`).join(', ')})`)
        items.forEach((item, i) => (values[`${name}${i}`] = item))
      }
      list('state', 'state', filter.states)
      list('outcome', 'outcome', filter.outcomes)
      if (filter.text) {
        conditions.push(`(instr(profile_id, @text) > 0 OR instr(client_orderid, @text) > 0)`)
        values.text = filter.text
      }
      const where = conditions.join(' AND ')
      const limit = Math.min(Math.max(Math.trunc(filter.limit ?? 100), 1), 1000)
      const offset = Math.max(Math.trunc(filter.offset ?? 0), 0)
      const rows = (
        db
          .prepare(
            `SELECT * FROM bulk_rows WHERE ${where} ORDER BY row_number LIMIT ${limit} OFFSET ${offset}`,
          )
          .all(values) as RowRow[]
      ).map(toRow)
      const { total } = db
        .prepare(`SELECT count(*) AS total FROM bulk_rows WHERE ${where}`)
        .get(values) as { total: number }
      return { rows, total }
    },

    /**
     * Runs `work` in a transaction, committed (and for a durable write, synced) once the promise
     * settles: a row's journal entry and its history entry (same database) commit together,
     * grouped with other rows' writes.
     */
    commit: <T>(work: () => T, options: CommitOptions) => commit(work, options),
  }
}

export type BulkJournal = ReturnType<typeof createBulkJournal>
