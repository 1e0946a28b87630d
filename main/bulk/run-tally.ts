import type { BulkJob, BulkJobState, BulkJournal, BulkRowState } from './bulk-journal-repository'
import { throughputMeter } from './throughput'

export interface BulkProgress {
  jobId: string
  state: BulkJobState
  total: number
  states: Record<BulkRowState, number>
  /** Done rows per outcome. */
  outcomes: Record<string, number>
  /** Rows a second lately; null until known. */
  perSecond: number | null
  secondsLeft: number | null
}

const PROGRESS_INTERVAL_MS = 250

/** A run's counts, kept in step with the journal as rows move, and reported at most every 250 ms. */
export function runTally(
  job: BulkJob,
  journal: BulkJournal,
  now: () => number,
  onProgress?: (progress: BulkProgress) => void,
) {
  const initial = journal.counts(job.id)
  const states = { ...initial.states }
  const outcomes = { ...initial.outcomes }
  const total = Object.values(states).reduce((a, b) => a + b, 0)
  const meter = throughputMeter(now)
  let state: BulkJobState = 'running'
  let lastProgressAt = -Infinity

  const progress = (): BulkProgress => {
    const perSecond = meter.perSecond()
    const left = states.pending + states['in-flight']
    return {
      jobId: job.id,
      state,
      total,
      states: { ...states },
      outcomes: { ...outcomes },
      perSecond,
      secondsLeft: perSecond === null ? null : Math.round(left / perSecond),
    }
  }

  return {
    progress,
    setState(next: BulkJobState) {
      state = next
    },
    report(force = false) {
      const at = now()
      if (!force && at - lastProgressAt < PROGRESS_INTERVAL_MS) return
      lastProgressAt = at
      onProgress?.(progress())
    },
    move(from: BulkRowState, to: BulkRowState, outcome?: string) {
      states[from]--
      states[to]++
      if (to === 'done' && outcome !== undefined) outcomes[outcome] = (outcomes[outcome] ?? 0) + 1
    },
    /** A row was handled: for the pace. */
    tick: () => meter.tick(),
  }
}

export type RunTally = ReturnType<typeof runTally>
