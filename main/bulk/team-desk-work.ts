import type { RequestOutcome } from '../../preload/contract/platform/request-outcomes'
import { boundedResult } from '../platform/gateway/update-result-view'
import type { SendRecurringUpdate } from '../recurring/send-core'
import type { SendingContext } from '../recurring/sending-context'
import { rateLimiter } from './rate-limit'
import type { ClaimedRow, TeamBulkRun } from './team-bulk-run'

/** What this desk did on a team job: the rows it took, by outcome. */
export interface DeskTally {
  /** Rows this desk claimed and sent (or refused by the rules, as not-sent). */
  taken: number
  outcomes: Partial<Record<RequestOutcome, number>>
}

export interface TeamDeskWork {
  /** Stops taking rows; rows in flight finish (aborting them would make them unknown). */
  stop(): void
  /** This desk's tally so far. */
  tally(): DeskTally
  /** Settles when no row is left to this desk (or it stopped) and none is in flight. */
  done: Promise<DeskTally>
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * This desk's part of a team job: `concurrency` workers each claim one row at a time (the claim
 * marks it in flight and writes its audit entry in one transaction, so it leaves only once
 * recorded), send it, and record what came back, until no pending row is left to any desk.
 */
export function workOnTeamJob(
  run: TeamBulkRun,
  deps: {
    context: SendingContext
    sendUpdate: SendRecurringUpdate
    concurrency: number
    rate: number | null
    now?: () => number
    sleep?: (ms: number) => Promise<void>
  },
): TeamDeskWork {
  const waitForSlot = rateLimiter(() => deps.rate, deps.now ?? Date.now, deps.sleep ?? defaultSleep)
  const tally: DeskTally = { taken: 0, outcomes: {} }
  let stopped = false
  const count = (outcome: RequestOutcome) => {
    tally.taken++
    tally.outcomes[outcome] = (tally.outcomes[outcome] ?? 0) + 1
  }

  async function send(row: ClaimedRow) {
    let recorded = false
    const sent = await deps.sendUpdate(
      deps.context,
      {
        parameters: Object.fromEntries(row.parameters),
        // The claim is the guard against a second send: a row is claimed once, and a row whose
        // outcome is unknown is never claimed again. The desk's own history has no team sends.
        confirmedResend: true,
      },
      {
        recorder: {
          // Claimed rows are already in flight with their entries, durably.
          sending: () => {
            recorded = true
            return row.historyId
          },
          result: async (_, result) => {
            await run.finish(row, result)
            count(result.outcome)
          },
        },
      },
    )
    if (recorded) return
    // Refused before signing (the rules, checked again): its entry says why, and it is done.
    const result = boundedResult(sent.result)
    await run.finish(row, result)
    count(result.outcome)
  }

  async function worker() {
    while (!stopped) {
      await waitForSlot()
      if (stopped) return
      const row = await run.claim()
      if (row === undefined) return
      await send(row)
    }
  }

  const workers = Array.from({ length: deps.concurrency }, () =>
    worker().catch((error: unknown) => {
      // One failure (the server gone, a row's result not recorded) stops every worker.
      stopped = true
      throw error
    }),
  )
  return {
    stop: () => (stopped = true),
    tally: () => ({ taken: tally.taken, outcomes: { ...tally.outcomes } }),
    // Settled once every worker ended: a failure is told only when no row is in flight.
    done: Promise.allSettled(workers).then((ended) => {
      const failed = ended.find((end) => end.status === 'rejected')
      if (failed) throw failed.reason
      return tally
    }),
  }
}
