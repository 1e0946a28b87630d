import type { Db } from '../platform/db/database'
import { groupCommit, type CommitOptions } from '../platform/db/group-commit'
import { bulkJournalRows } from './bulk-journal-rows'

export type { BulkRow, BulkRowFilter, BulkRowState, RowResult } from './bulk-journal-rows'

export type BulkJobState = 'ready' | 'running' | 'paused' | 'cancelled' | 'finished'

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

    ...bulkJournalRows(db, iso),

    /**
     * Runs `work` in a transaction, committed (and for a durable write, synced) once the promise
     * settles: a row's journal entry and its history entry (same database) commit together,
     * grouped with other rows' writes.
     */
    commit: <T>(work: () => T, options: CommitOptions) => commit(work, options),
  }
}

export type BulkJournal = ReturnType<typeof createBulkJournal>
