import { otherLiveProcess, type Runner } from '../platform/jobs/runner-process'
import { ExplainedError } from '../../preload/contract/platform/explained'
import { coded, english } from '../platform/i18n/english'
import type { BulkJob, BulkJournal } from './bulk-journal-repository'
import type { HistoryRepository } from '../history/history-repository'

/** Another live process runs the job: two runners would send its rows twice. */
export class BulkJobBusyError extends ExplainedError {
  override readonly name = 'BulkJobBusyError'
  constructor(params: { job: string; host: string; pid: number }) {
    super(english('bulk.job.busy', params), 'bulk.job.busy', params)
  }
}

/** Whether a process other than `me` runs the job now. */
export const runByOther = (job: BulkJob, me: Runner): boolean =>
  job.runner !== null && otherLiveProcess(job.runner, me)

/** A job whose runner is gone while it ran: killed, crashed, or the power went. */
export const isInterrupted = (job: BulkJob, me: Runner) =>
  (job.state === 'running' || job.state === 'paused') && job.runner !== null && !runByOther(job, me)

const INTERRUPTED_ROW = coded('bulk.row.interrupted')

/**
 * Takes a job over before running it: refused when another live process runs it; rows left in
 * flight by an interrupted run become unknown (never sent again silently), and their history
 * entries too.
 */
export function claimJob(
  journal: BulkJournal,
  history: HistoryRepository,
  job: BulkJob,
  me: Runner,
) {
  if (runByOther(job, me)) {
    const { host, pid } = job.runner!
    throw new BulkJobBusyError({ job: job.id, host, pid })
  }
  for (const historyId of journal.inFlightToUnknown(job.id, INTERRUPTED_ROW)) {
    try {
      history.recordResult(historyId, { outcome: 'unknown', ...INTERRUPTED_ROW })
    } catch {
      // Already completed (the app's start marks cut-off entries unknown itself).
    }
  }
}
