import type { BulkProgressView } from '../../preload/contract/bulk/bulk-channels'
import type { JobRunner } from '../platform/jobs/job-runner'
import type { BulkProgress, BulkRun } from './bulk-run'
import { progressView } from './job-views'

export interface LiveRun {
  run: BulkRun
  /** The run under the job convention: jobs:progress, jobs:cancel and jobs:finished work for it. */
  jobId: string
}

/** The bulk runs of this process, by bulk job id, each also a job of the job runner. */
export function createLiveRuns(deps: {
  jobs: JobRunner
  emitProgress: (progress: BulkProgressView) => void
}) {
  const live = new Map<string, LiveRun>()

  return {
    has: (bulkJobId: string) => live.has(bulkJobId),
    get: (bulkJobId: string): LiveRun | undefined => live.get(bulkJobId),

    /** Starts a run (given its progress listener) and keeps it until it ends. */
    start(bulkJobId: string, begin: (onProgress: (progress: BulkProgress) => void) => BulkRun) {
      let jobProgress: ((done: number, total: number) => void) | undefined
      const bulkRun = begin((progress) => {
        deps.emitProgress(progressView(progress))
        const { pending, 'in-flight': inFlight } = progress.states
        jobProgress?.(progress.total - pending - inFlight, progress.total)
      })
      const started = deps.jobs.start('bulk-run', 'requests', async (jobContext) => {
        jobProgress = jobContext.progress
        jobContext.signal.addEventListener('abort', () => bulkRun.cancel())
        return bulkRun.done
      })
      const entry: LiveRun = { run: bulkRun, jobId: started.jobId }
      live.set(bulkJobId, entry)
      const ended = () => live.delete(bulkJobId)
      bulkRun.done.then(ended, ended)
      return entry
    },

    /** The app quits: running jobs stop taking rows and stay paused, to be resumed later. */
    async suspendAll(): Promise<void> {
      const running = [...live.values()]
      for (const { run } of running) run.suspend()
      await Promise.all(running.map(({ run }) => run.done.catch(() => {})))
    },
  }
}

export type LiveRuns = ReturnType<typeof createLiveRuns>
