import { onBeforeUnmount } from 'vue'
import type { JobFinished, JobProgress } from '../../../../../preload/contract/platform/jobs'
import { cancelJob } from '../../../platform/bridge'

export interface JobWatch {
  onProgress?: (progress: JobProgress) => void
  onFinished?: (finished: JobFinished) => void
}

/** Ends kept for jobs not yet followed: one may end before its id reaches the window. */
const UNCLAIMED_ENDS_MAX = 32

/** Follows main's jobs by id through the `jobs:progress` and `jobs:finished` events. */
export function useJobEvents() {
  const watches = new Map<string, JobWatch>()
  const unclaimed = new Map<string, JobFinished>()
  const offProgress = window.gatedesk.on('jobs:progress', (progress) =>
    watches.get(progress.jobId)?.onProgress?.(progress),
  )
  const offFinished = window.gatedesk.on('jobs:finished', (finished) => {
    const watch = watches.get(finished.jobId)
    if (watch) {
      watches.delete(finished.jobId)
      watch.onFinished?.(finished)
      return
    }
    unclaimed.set(finished.jobId, finished)
    for (const oldest of unclaimed.keys()) {
      if (unclaimed.size <= UNCLAIMED_ENDS_MAX) break
      unclaimed.delete(oldest)
    }
  })
  onBeforeUnmount(() => {
    offProgress()
    offFinished()
  })

  function follow(jobId: string, watch: JobWatch): void {
    const ended = unclaimed.get(jobId)
    if (ended) {
      unclaimed.delete(jobId)
      watch.onFinished?.(ended)
    } else {
      watches.set(jobId, watch)
    }
  }

  return { follow, cancel: cancelJob }
}
