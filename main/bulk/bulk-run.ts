import { RESULT_TEXT_LIMITS } from '../../preload/contract/recurring-channels'
import { isUncertainOutcome } from '../../preload/contract/request-outcomes'
import { sendRecurringUpdate } from '../recurring/send-core'
import type { SendingContext, SendRecorder } from '../recurring/sending-context'
import { shown } from '../recurring/update-result-view'
import type {
  BulkJob,
  BulkJobState,
  BulkJournal,
  BulkRow,
  BulkRowState,
} from '../store/bulk-journal-repository'
import type { HistoryRepository } from '../store/history-repository'
import type { Explained } from '../../preload/contract/explained'
import type { RowInput } from './column-mapping'
import { pendingQueue } from './pending-queue'
import { badProfileType } from './row-check'
import { rateLimiter } from './rate-limit'
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

export interface BulkRunDeps {
  journal: BulkJournal
  /** On the journal's database: a row's entries in both commit together. */
  history: HistoryRepository
  /**
   * The sending context of the environment a row's cell names (null: the job's), or why it
   * cannot be used (rowContexts in row-environments.ts).
   */
  rowContext: (cell: string | null) => SendingContext | Explained
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

const PROGRESS_INTERVAL_MS = 250

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Runs a journaled bulk job: `concurrency` workers take pending rows in file order, each row
 * marked in flight in the same transaction that records it in history (before it leaves), and
 * marked done with its outcome in the transaction that completes history. A kill at any instant
 * leaves every row pending (never sent), done, or in flight (unknown: decided by a person).
 */
export function startBulkRun(job: BulkJob, deps: BulkRunDeps): BulkRun {
  const { journal, history } = deps
  const now = deps.now ?? Date.now
  const sleep = deps.sleep ?? defaultSleep
  let concurrency = job.concurrency
  let rate = job.rate
  const queue = pendingQueue(journal, job.id)
  const initial = journal.counts(job.id)
  const states = { ...initial.states }
  const outcomes = { ...initial.outcomes }
  const total = Object.values(states).reduce((a, b) => a + b, 0)
  const meter = throughputMeter(now)
  const waitForSlot = rateLimiter(() => rate, now, sleep)

  let state: BulkJobState = 'running'
  /** Cancel: the job ends. Suspend (the app quits): it stays paused, to be resumed later. */
  let stopping: 'cancel' | 'suspend' | null = null
  let paused = false
  let wakeUp: () => void = () => {}
  let unpaused = Promise.resolve()
  let lastProgressAt = -Infinity
  let failure: unknown = null

  journal.setState(job.id, 'running', deps.runner)

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
  const report = (force = false) => {
    const at = now()
    if (!force && at - lastProgressAt < PROGRESS_INTERVAL_MS) return
    lastProgressAt = at
    deps.onProgress?.(progress())
  }
  const move = (from: BulkRowState, to: BulkRowState, outcome?: string) => {
    states[from]--
    states[to]++
    if (to === 'done' && outcome !== undefined) outcomes[outcome] = (outcomes[outcome] ?? 0) + 1
  }

  async function sendRow(row: BulkRow): Promise<void> {
    const { rowNumber } = row
    const input = deps.inputOf(row)
    let recorded = false
    // The row's journal entry and its history entry commit together, before it leaves and after.
    const recorder: SendRecorder = {
      async sending(request) {
        const historyId = await journal.commit(
          () => {
            const id = history.recordSending(request)
            journal.markInFlight(job.id, rowNumber, id)
            return id
            // Power-safe before the request leaves: a lost mark would send the row again.
          },
          { durable: true },
        )
        recorded = true
        move('pending', 'in-flight')
        return historyId
      },
      result(historyId, result) {
        const rowState = isUncertainOutcome(result.outcome) ? 'unknown' : 'done'
        // Not waited for: it commits with the next row's mark, in one transaction. Until then
        // the row reads as in flight, which a crash would make unknown: never sent again.
        const landed = journal
          .commit(
            () => {
              history.recordResult(historyId, result)
              journal.finishRow(job.id, rowNumber, {
                state: rowState,
                outcome: result.outcome,
                serialNumber: result.serialNumber ?? null,
                errorCode: result.errorCode ?? null,
                message: result.message,
                messageCode: result.messageCode,
                params: result.params,
              })
              // If a power loss takes this, the row stays in flight: unknown, never sent again.
            },
            { durable: false },
          )
          .then(
            () => {
              move('in-flight', rowState, result.outcome)
              // While paused, the last rows land after their workers stopped: show them.
              report(paused)
            },
            (error: unknown) => void (failure ??= error),
          )
        landing.add(landed)
        void landed.finally(() => landing.delete(landed))
      },
    }
    // Let through by the rules, yet unsendable: a bad profile type, an unusable environment.
    const context: SendingContext | Explained =
      input.badProfileType === null
        ? deps.rowContext(input.environment)
        : badProfileType(input.badProfileType)
    if (!('recorder' in context)) {
      // The outcome (not-sent) says nothing left; the message says why, as the preview did.
      journal.finishRow(job.id, rowNumber, {
        state: 'done',
        outcome: 'not-sent',
        serialNumber: null,
        errorCode: null,
        message: shown(context.message, RESULT_TEXT_LIMITS.message)!,
        messageCode: context.messageCode,
        params: context.params,
      })
      move('pending', 'done', 'not-sent')
      return
    }
    const sent = await sendRecurringUpdate(
      context,
      {
        parameters: { ...input.parameters, 'client-orderid': row.clientOrderId },
        profileType: input.profileType,
        // A row sent again was decided on by a person, after its unknown outcome.
        confirmedResend: row.attempt > 1,
      },
      { recorder },
    )
    if (recorded) return
    // Refused before signing: by the rules, or held back by an uncertain earlier send.
    const held = sent.uncertainEarlier !== null
    journal.finishRow(job.id, rowNumber, {
      state: held ? 'unknown' : 'done',
      outcome: 'not-sent',
      serialNumber: null,
      errorCode: null,
      message: shown(sent.result.message, RESULT_TEXT_LIMITS.message)!,
      messageCode: sent.result.messageCode,
      params: sent.result.params,
    })
    move('pending', held ? 'unknown' : 'done', 'not-sent')
  }

  let live = 0
  /** Rows' results on their way to the journal. */
  const landing = new Set<Promise<void>>()
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
          await sendRow(row)
          meter.tick()
        } catch (error) {
          // A fault of GateDesk itself (the file vanished, the disk is full): stop, keep the journal.
          failure ??= error
        }
        // While paused, the rows still in flight land: the window must see where it stopped.
        report(paused)
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
    state =
      stopping === 'cancel'
        ? 'cancelled'
        : failure !== null || stopping === 'suspend' || !queue.isEmpty()
          ? 'paused'
          : 'finished'
    journal.setState(job.id, state, null)
    report(true)
    if (failure !== null) throw failure
    return progress()
  })()

  return {
    pause() {
      if (paused || stopping !== null) return
      paused = true
      state = 'paused'
      unpaused = new Promise((resolve) => (wakeUp = resolve))
      journal.setState(job.id, 'paused', deps.runner)
      report(true)
    },
    resume() {
      if (!paused || stopping !== null) return
      paused = false
      state = 'running'
      journal.setState(job.id, 'running', deps.runner)
      wakeUp()
      report(true)
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
    progress,
    done,
  }
}
