import type { MessageParams } from '../../preload/contract/platform/explained'
import type { ReportRunOutcomeName } from '../../preload/contract/reports/report-run-channels'
import type { ReportResult } from '../platform/gateway/report-response'
import { coded } from '../platform/i18n/english'
import type { HistoryOutcome, RequestResult } from '../history/history-repository'
import type { OpenedReport } from './report-service'

/** A report as the run leaves it: a CSV open in the report engine, a PDF registered by id. */
export type KeptReport =
  { kind: 'csv'; opened: OpenedReport } | { kind: 'pdf'; fileId: string; fileName: string }

/** How a run ended, before what had arrived by then is added. */
export type RunEnding = {
  message: string
  /** The message's code and values, for the window to word it (preload/contract/platform/explained.ts). */
  messageCode?: string
  params?: MessageParams
} & (
  | { outcome: 'report'; result: KeptReport }
  | { outcome: 'internal-failure'; incidentId: string | null }
  | {
      outcome: Exclude<ReportRunOutcomeName, 'report' | 'internal-failure'>
      /** A damaged PDF's bytes, kept in the run's folder for the user to save if they ask. */
      damagedFileId?: string
    }
)

/** A run's outcome inside main. */
export type RunOutcome = RunEnding & { bytes: number; durationMs: number; historyId: number | null }

/** A gateway result's message with its code and values, as the run passes it on. */
export const explained = ({ message, messageCode, params }: ReportResult) => ({
  message,
  ...(messageCode ? { messageCode, params } : {}),
})

/** History knows the gateway's outcomes; the run's own two are download failures there. */
const historyOutcome = (outcome: ReportRunOutcomeName): Exclude<HistoryOutcome, 'sending'> =>
  outcome === 'cancelled' || outcome === 'too-large' ? 'transport-error' : outcome

/** How History completes a run's entry: a failure says too what had arrived, and how fast. */
export function historyResult(outcome: RunOutcome): RequestResult {
  if (outcome.outcome === 'report') {
    return {
      outcome: 'report',
      message: outcome.message,
      messageCode: outcome.messageCode,
      params: outcome.params,
    }
  }
  // The run's own message (worded by the window as a summary), then what had arrived.
  return {
    outcome: historyOutcome(outcome.outcome),
    ...coded('report.history-result', {
      ...outcome.params,
      summary: outcome.message,
      ...(outcome.messageCode !== undefined && { summaryCode: outcome.messageCode }),
      sizeBytes: outcome.bytes,
      durationMs: outcome.durationMs,
    }),
  }
}
