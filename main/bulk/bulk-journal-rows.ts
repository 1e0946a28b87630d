import type { MessageParams } from '../../preload/contract/platform/explained'
import type { Db } from '../platform/db/database'
import { explainedOf, storedMessage, type MessageColumns } from '../platform/db/stored-message'

export type BulkRowState = 'pending' | 'in-flight' | 'done' | 'unknown' | 'skipped'

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

/** Rows in file order, filtered; with how many match in all. */
function listRows(
  db: Db,
  jobId: string,
  filter: BulkRowFilter,
): { rows: BulkRow[]; total: number } {
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
}

/** The bulk journal's rows: taken, sent, finished, decided on, counted and listed. */
export function bulkJournalRows(db: Db, iso: () => string) {
  const statements = {
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

  function rowOf(jobId: string, rowNumber: number): BulkRow | null {
    const row = statements.row.get(jobId, rowNumber) as RowRow | undefined
    return row ? toRow(row) : null
  }

  return {
    /** Up to `limit` pending rows from `rowNumber` on, in file order. */
    pendingRowsFrom(jobId: string, rowNumber: number, limit: number): BulkRow[] {
      return (statements.pendingFrom.all(jobId, rowNumber, limit) as RowRow[]).map(toRow)
    },

    row: rowOf,

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
     * attempt, named by bulk's rule `resendOrderId`), or skip. Returns how many rows changed.
     */
    decide(
      jobId: string,
      rowNumbers: readonly number[],
      decision: 'resend' | 'skip',
      resendOrderId: (current: string, attempt: number) => string,
    ): number {
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
          const row = rowOf(jobId, rowNumber)
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
    rows: (jobId: string, filter: BulkRowFilter = {}) => listRows(db, jobId, filter),
  }
}
