import type { HistoryEntryActions } from '../platform/history-entry-actions'
import { canReopen, useReopenInEditor } from '../features/recurring/reopen-in-editor'
import { keptReportRequest, useRunAgain } from '../features/reports/run/run-again'

/** History's actions on entries of the Recurring and Reports screens. */
export const historyEntryActions: HistoryEntryActions = {
  canReopen,
  useReopen: useReopenInEditor,
  canRunAgain: (entry) => keptReportRequest(entry) !== null,
  useRunAgain,
}
