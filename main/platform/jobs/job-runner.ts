import { randomUUID } from 'node:crypto'
import type { JobFinished, JobKind, JobProgress } from '../../../preload/contract/platform/jobs'

/** What a job's work receives: a signal that aborts on cancel, and a way to report progress. */
export interface JobContext {
  signal: AbortSignal
  progress: (done: number, total: number | null) => void
}

export interface JobEvents {
  progress: (event: JobProgress) => void
  finished: (event: JobFinished) => void
}

export interface StartedJob<T> {
  jobId: string
  /** Settles with the work's result, or rejects as the work did (an abort on cancel). */
  result: Promise<T>
}

export interface JobRunner {
  start<T>(
    kind: JobKind,
    unit: JobProgress['unit'],
    /** `jobId`: for work that names itself in events of its own (a stage reached). */
    work: (job: JobContext & { jobId: string }) => Promise<T>,
  ): StartedJob<T>
  /** Cancels a running job; false when no such job is running. */
  cancel(jobId: string): boolean
  /** Cancels every running job (the app quits, a report closes). */
  cancelAll(): void
}

/** The least time between two progress events of one job: the window needs no more. */
const PROGRESS_INTERVAL_MS = 100

export function createJobRunner(events: JobEvents, now: () => number = Date.now): JobRunner {
  const running = new Map<string, AbortController>()

  return {
    start(kind, unit, work) {
      const jobId = `job-${randomUUID()}`
      const controller = new AbortController()
      running.set(jobId, controller)
      let lastProgressAt = -Infinity
      const progress = (done: number, total: number | null) => {
        const at = now()
        if (at - lastProgressAt < PROGRESS_INTERVAL_MS && done !== total) return
        lastProgressAt = at
        events.progress({ jobId, kind, done, total, unit })
      }
      const finish = (outcome: JobFinished['outcome'], message: string | null) => {
        running.delete(jobId)
        events.finished({ jobId, kind, outcome, message })
      }
      const result = work({ jobId, signal: controller.signal, progress }).then(
        (value) => {
          finish('done', null)
          return value
        },
        (error: unknown) => {
          if (controller.signal.aborted) finish('cancelled', null)
          else finish('failed', error instanceof Error ? error.message : String(error))
          throw error
        },
      )
      // Callers that only follow events must not see an unhandled rejection.
      result.catch(() => {})
      return { jobId, result }
    },
    cancel(jobId) {
      const controller = running.get(jobId)
      controller?.abort()
      return controller !== undefined
    },
    cancelAll() {
      for (const controller of running.values()) controller.abort()
    },
  }
}
