import type { BulkJob, BulkJournal } from '../store/bulk-journal-repository'
import type { HistoryRepository } from '../store/history-repository'

export interface Runner {
  pid: number
  host: string
}

/** Another live process runs the job: two runners would send its rows twice. */
export class BulkJobBusyError extends Error {
  override readonly name = 'BulkJobBusyError'
}

/** Whether the process still exists (EPERM: it does, under another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Whether a process other than `me` runs the job now. Another host's run counts as live. */
export function runByOther(job: BulkJob, me: Runner): boolean {
  const { runner } = job
  if (runner === null) return false
  if (runner.host !== me.host) return true
  return runner.pid !== me.pid && alive(runner.pid)
}

/** A job whose runner is gone while it ran: killed, crashed, or the power went. */
export const isInterrupted = (job: BulkJob, me: Runner) =>
  (job.state === 'running' || job.state === 'paused') && job.runner !== null && !runByOther(job, me)

const INTERRUPTED_ROW =
  'The run was interrupted while this row was being sent: it may have reached the gateway. Check the profile, then send it again (with a new order id) or skip it.'

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
    throw new BulkJobBusyError(
      `The bulk job ${job.id} is being run by another GateDesk process (${job.runner!.host}, process ${job.runner!.pid}). Wait for it to end or stop it there.`,
    )
  }
  for (const historyId of journal.inFlightToUnknown(job.id, INTERRUPTED_ROW)) {
    try {
      history.recordResult(historyId, { outcome: 'unknown', message: INTERRUPTED_ROW })
    } catch {
      // Already completed (the app's start marks cut-off entries unknown itself).
    }
  }
}
