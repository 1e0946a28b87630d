import { basename } from 'node:path'
import type {
  BulkJobView,
  BulkProgressView,
  BulkResultRow,
} from '../../preload/contract/bulk/bulk-channels'
import type { BulkJob, BulkJournal, BulkRow } from './bulk-journal-repository'
import type { NamedEnvironment } from './row-environments'
import type { BulkProgress } from './bulk-run'
import { ENVIRONMENT_COLUMN } from './column-mapping'
import { isPastedTable } from './pasted-tables'

/** How the window sees bulk jobs, their progress and their rows. */

export const progressView = (progress: BulkProgress): BulkProgressView => ({
  bulkJobId: progress.jobId,
  state: progress.state,
  total: progress.total,
  states: progress.states,
  outcomes: progress.outcomes,
  perSecond: progress.perSecond,
  secondsLeft: progress.secondsLeft,
})

/** A job as listed: `live` when it runs in this process, `interrupted` when its runner died. */
export function jobView(
  journal: BulkJournal,
  job: BulkJob,
  run: { live: boolean; interrupted: boolean },
): BulkJobView {
  const { states, outcomes } = journal.counts(job.id)
  return {
    bulkJobId: job.id,
    createdAt: job.createdAt,
    fileName: basename(job.source.path),
    pasted: isPastedTable(job.source.path),
    environmentName: job.environment.name,
    state: job.state,
    interrupted: !run.live && run.interrupted,
    live: run.live,
    concurrency: job.concurrency,
    rate: job.rate,
    total: Object.values(states).reduce((a, b) => a + b, 0),
    states,
    outcomes,
  }
}

/** The name of the environment each row of a job goes to (journaled by id when it has its own). */
export function environmentNames(
  job: BulkJob,
  environments: readonly NamedEnvironment[],
): (row: BulkRow) => string {
  const names = new Map(environments.map((e) => [e.id, e.name]))
  return (row) => {
    const id = row.overrides?.[ENVIRONMENT_COLUMN] ?? job.environment.id
    return names.get(id) ?? (id === job.environment.id ? job.environment.name : id)
  }
}

export const resultRowView = (
  row: BulkRow,
  environmentName: (row: BulkRow) => string,
): BulkResultRow => ({
  rowNumber: row.rowNumber,
  environmentName: environmentName(row),
  state: row.state,
  clientOrderId: row.clientOrderId,
  attempt: row.attempt,
  profileId: row.profileId,
  outcome: row.outcome,
  serialNumber: row.serialNumber,
  errorCode: row.errorCode,
  message: row.message,
  messageCode: row.messageCode,
  params: row.params,
  historyId: row.historyId,
})
