import { otherLiveProcess, type Runner } from '../platform/jobs/runner-process'
import { ExplainedError } from '../../preload/contract/platform/explained'
import type { BulkJob, BulkJournal } from './bulk-journal-repository'
import type { HistoryRepository } from '../history/history-repository'

/** Another live process runs the job: two runners would send its rows twice. */
export class BulkJobBusyError extends ExplainedError {
  override readonly name = 'BulkJobBusyError'
}

/** Whether a process other than `me` runs the job now. */
export const runByOther = (job: BulkJob, me: Runner): boolean =>
  job.runner !== null && otherLiveProcess(job.runner, me)

/** A job whose runner is gone while it ran: killed, crashed, or the power went. */
export const isInterrupted = (job: BulkJob, me: Runner) =>
  (job.state === 'running' || job.state === 'paused') && job.runner !== null && !runByOther(job, me)

const INTERRUPTED_ROW = {
  message:
    'The run was interrupted while this row was being sent: it may have reached the gateway. Check the profile, then send it again (with a new order id) or skip it.',
  messageCode: 'bulk.row.interrupted',
}

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
    throw new BulkJobBusyError(
      `The bulk job ${job.id} is being run by another GateDesk process (${host}, process ${pid}). Wait for it to end or stop it there.`,
      'bulk.job.busy',
      { job: job.id, host, pid },
    )
  }
  for (const historyId of journal.inFlightToUnknown(job.id, INTERRUPTED_ROW)) {
    try {
      history.recordResult(historyId, { outcome: 'unknown', ...INTERRUPTED_ROW })
    } catch {
      // Already completed (the app's start marks cut-off entries unknown itself).
    }
  }
}
