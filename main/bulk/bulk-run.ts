import type { Explained } from '../../preload/contract/platform/explained'
import type { SendRecurringUpdate } from '../recurring/send-core'
import type { SendingContext } from '../recurring/sending-context'
import type { BulkJob, BulkJournal, BulkRow } from './bulk-journal-repository'
import type { HistoryRepository } from '../history/history-repository'
import type { RowInput } from './column-mapping'
import { pendingQueue } from './pending-queue'
import { rateLimiter } from './rate-limit'
import { sendRow, type RowSending } from './row-send'
import { runTally, type BulkProgress } from './run-tally'

export type { BulkProgress } from './run-tally'

export interface BulkRunDeps {
  journal: BulkJournal
  /** On the journal's database: a row's entries in both commit together. */
  history: HistoryRepository
  /**
   * The sending context of the environment a row's cell names (null: the job's), or why it
   * cannot be used (rowContexts in row-environments.ts).
   */
  rowContext: (cell: string | null) => SendingContext | Explained
  /** Sends one row's update: recurring's one way to send, passed in by the composition root. */
  sendUpdate: SendRecurringUpdate
  /** The row's update, read from its source (and the fixes made to it). */
  inputOf: (row: BulkRow) => RowInput
  /** Who runs it: recorded so another process can tell a live run from an interrupted one. */
  runner: { pid: number; host: string }
  now?: () => number
  sleep?: (ms: number) => Promise<void>
  onProgress?: (progress: BulkProgress) => void
}

export interface BulkRun {
  pause(): void
  resume(): void
  /** Stops taking rows; rows in flight finish (aborting them would make them unknown). */
  cancel(): void
  /** As cancel, but the job stays paused, to be resumed (the app is quitting). */
  suspend(): void
  setSpeed(settings: { concurrency: number; rate: number | null }): void
  progress(): BulkProgress
  /** Settles when no row is in flight and the run is finished, cancelled or paused for good. */
  done: Promise<BulkProgress>
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Runs a journaled bulk job: `concurrency` workers take pending rows in file order, each row
 * marked in flight in the same transaction that records it in history (before it leaves), and
 * marked done with its outcome in the transaction that completes history. A kill at any instant
 * leaves every row pending (never sent), done, or in flight (unknown: decided by a person).
 */
export function startBulkRun(job: BulkJob, deps: BulkRunDeps): BulkRun {
  const { journal } = deps
  const now = deps.now ?? Date.now
  const sleep = deps.sleep ?? defaultSleep
  let concurrency = job.concurrency
  let rate = job.rate
  const queue = pendingQueue(journal, job.id)
  const tally = runTally(job, journal, now, deps.onProgress)
  const waitForSlot = rateLimiter(() => rate, now, sleep)

  /** Cancel: the job ends. Suspend (the app quits): it stays paused, to be resumed later. */
  let stopping: 'cancel' | 'suspend' | null = null
  let paused = false
  let wakeUp: () => void = () => {}
  let unpaused = Promise.resolve()
  let failure: unknown = null

  journal.setState(job.id, 'running', deps.runner)

  /** Rows' results on their way to the journal. */
  const landing = new Set<Promise<void>>()
  const sending: RowSending = {
    job,
    journal,
    history: deps.history,
    rowContext: deps.rowContext,
    sendUpdate: deps.sendUpdate,
    inputOf: deps.inputOf,
    tally,
    landing,
    paused: () => paused,
    fail: (error) => void (failure ??= error),
  }

  let live = 0
  const workers: Promise<void>[] = []

  async function worker(): Promise<void> {
    try {
      for (;;) {
        if (paused) await unpaused
        // Lowering the concurrency retires workers as they come round.
        if (stopping !== null || failure !== null || live > concurrency) return
        const row = queue.take()
        if (row === undefined) return
        await waitForSlot()
        if (stopping !== null || failure !== null || paused) {
          queue.putBack(row)
          continue
        }
        try {
          await sendRow(sending, row)
          tally.tick()
        } catch (error) {
          // A fault of GateDesk itself (the file vanished, the disk is full): stop, keep the journal.
          failure ??= error
        }
        // While paused, the rows still in flight land: the window must see where it stopped.
        tally.report(paused)
      }
    } finally {
      live--
    }
  }

  const spawn = () => {
    while (live < concurrency && stopping === null && !queue.isEmpty()) {
      live++
      workers.push(worker())
    }
  }

  const done = (async () => {
    spawn()
    // Workers may be added (setSpeed) while waiting: wait until every one has ended.
    for (let seen = -1; seen !== workers.length;) {
      seen = workers.length
      await Promise.all(workers)
    }
    // The last rows' results are written before the job says how it ended.
    await Promise.allSettled([...landing])
    const state =
      stopping === 'cancel'
        ? 'cancelled'
        : failure !== null || stopping === 'suspend' || !queue.isEmpty()
          ? 'paused'
          : 'finished'
    tally.setState(state)
    journal.setState(job.id, state, null)
    tally.report(true)
    if (failure !== null) throw failure
    return tally.progress()
  })()

  return {
    pause() {
      if (paused || stopping !== null) return
      paused = true
      tally.setState('paused')
      unpaused = new Promise((resolve) => (wakeUp = resolve))
      journal.setState(job.id, 'paused', deps.runner)
      tally.report(true)
    },
    resume() {
      if (!paused || stopping !== null) return
      paused = false
      tally.setState('running')
      journal.setState(job.id, 'running', deps.runner)
      wakeUp()
      tally.report(true)
    },
    cancel() {
      stopping ??= 'cancel'
      paused = false
      wakeUp()
    },
    suspend() {
      stopping ??= 'suspend'
      paused = false
      wakeUp()
    },
    setSpeed(settings) {
      concurrency = settings.concurrency
      rate = settings.rate
      journal.setSettings(job.id, settings)
      spawn()
    },
    progress: tally.progress,
    done,
  }
}
