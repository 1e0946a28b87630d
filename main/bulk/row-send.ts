import { RESULT_TEXT_LIMITS } from '../../preload/contract/recurring/recurring-channels'
import { isUncertainOutcome } from '../../preload/contract/platform/request-outcomes'
import type { Explained } from '../../preload/contract/platform/explained'
import type { SendRecurringUpdate } from '../recurring/send-core'
import type { SendingContext, SendRecorder } from '../recurring/sending-context'
import { shown } from '../platform/gateway/update-result-view'
import type { BulkJob, BulkJournal, BulkRow } from './bulk-journal-repository'
import type { HistoryRepository } from '../history/history-repository'
import type { RowInput } from './column-mapping'
import { badProfileType } from './row-check'
import type { RunTally } from './run-tally'

/** What sending one row of a run needs. */
export interface RowSending {
  job: BulkJob
  journal: BulkJournal
  /** On the journal's database: a row's entries in both commit together. */
  history: HistoryRepository
  rowContext: (cell: string | null) => SendingContext | Explained
  sendUpdate: SendRecurringUpdate
  inputOf: (row: BulkRow) => RowInput
  tally: RunTally
  /** Rows' results on their way to the journal. */
  landing: Set<Promise<void>>
  paused: () => boolean
  /** A result could not be journaled: the run stops. */
  fail: (error: unknown) => void
}

/** Records in the journal why a row was not sent (state: unknown when held back for a person). */
function notSent(
  sending: RowSending,
  rowNumber: number,
  why: Explained,
  state: 'done' | 'unknown' = 'done',
) {
  sending.journal.finishRow(sending.job.id, rowNumber, {
    state,
    outcome: 'not-sent',
    serialNumber: null,
    errorCode: null,
    message: shown(why.message, RESULT_TEXT_LIMITS.message)!,
    messageCode: why.messageCode,
    params: why.params,
  })
  sending.tally.move('pending', state, 'not-sent')
}

/** The row's journal entry and its history entry commit together, before it leaves and after. */
function rowRecorder(sending: RowSending, rowNumber: number, onRecorded: () => void): SendRecorder {
  const { job, journal, history, tally, landing } = sending
  return {
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
      onRecorded()
      tally.move('pending', 'in-flight')
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
        .then(() => {
          tally.move('in-flight', rowState, result.outcome)
          // While paused, the last rows land after their workers stopped: show them.
          tally.report(sending.paused())
        }, sending.fail)
      landing.add(landed)
      void landed.finally(() => landing.delete(landed))
    },
  }
}

/** Sends one journaled row, or journals why it cannot be sent. */
export async function sendRow(sending: RowSending, row: BulkRow): Promise<void> {
  const { rowNumber } = row
  const input = sending.inputOf(row)
  let recorded = false
  const recorder = rowRecorder(sending, rowNumber, () => (recorded = true))
  // Let through by the rules, yet unsendable: a bad profile type, an unusable environment.
  const context: SendingContext | Explained =
    input.badProfileType === null
      ? sending.rowContext(input.environment)
      : badProfileType(input.badProfileType)
  if (!('recorder' in context)) {
    // The outcome (not-sent) says nothing left; the message says why, as the preview did.
    notSent(sending, rowNumber, context)
    return
  }
  const sent = await sending.sendUpdate(
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
  notSent(sending, rowNumber, sent.result, sent.uncertainEarlier !== null ? 'unknown' : 'done')
}
