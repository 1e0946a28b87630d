import { isDefiniteFailure } from '../../preload/contract/bulk/definite-failure'
import type { RecurringProfileType } from '../../preload/contract/recurring/recurring-parameters'
import { explainedError } from '../platform/i18n/english'
import { resendOrderId } from './order-ids'
import type { BulkJob, BulkJournal, BulkRow } from './bulk-journal-repository'
import type { BulkJobService } from './job-service'
import type { PastedTables } from './pasted-tables'
import type { RowEnvironments } from './row-environments'

/** A finished job's rows that failed for sure, in file order. */
export function failedRows(journal: BulkJournal, job: BulkJob): BulkRow[] {
  const failed: BulkRow[] = []
  for (let offset = 0; ; offset += 1000) {
    const page = journal.rows(job.id, { states: ['done'], offset, limit: 1000 })
    failed.push(...page.rows.filter((row) => isDefiniteFailure(row.outcome)))
    if (offset + 1000 >= page.total) break
  }
  return failed
}

/**
 * A new job of a job's failed rows, over the same file (checked to be the very same), with the
 * fixes the journal kept, each row with a new order id; the old job is left as it is. Card data
 * fixed in place is not kept (the journal never holds it): such rows take the file's again.
 */
export async function jobOfFailedRows(
  deps: { journal: BulkJournal; bulkJobs: BulkJobService; pastedTables: PastedTables },
  job: BulkJob,
  environments: RowEnvironments,
) {
  if (job.state === 'running') throw explainedError('bulk.job.failed-again-running')
  // A pasted table belongs to its job and is shredded with it: paste it again instead.
  if (deps.pastedTables.isPasted(job.source.path)) {
    throw explainedError('bulk.job.failed-again-pasted')
  }
  const failed = failedRows(deps.journal, job)
  if (failed.length === 0) throw explainedError('bulk.job.no-failed-rows')
  const source = await deps.bulkJobs.openSource(job)
  const again = new Set(failed.map((row) => row.rowNumber))
  const excluded = new Set(
    source.rows.map((_, index) => index + 1).filter((rowNumber) => !again.has(rowNumber)),
  )
  // A new order id, derived from the failed one: the gateway has seen that one already.
  const fixes = new Map(
    failed.map((row) => [
      row.rowNumber,
      { ...row.overrides, 'client-orderid': resendOrderId(row.clientOrderId, row.attempt + 1) },
    ]),
  )
  const created = deps.bulkJobs.create(source, {
    environment: job.environment,
    mapping: job.source.mapping,
    profileType: job.profileType as RecurringProfileType | null,
    environments,
    concurrency: job.concurrency,
    rate: job.rate,
    excluded,
    fixes,
  })
  return { job: created, source, rows: failed.length }
}
