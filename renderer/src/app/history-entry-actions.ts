import type { HistoryEntryActions } from '../platform/history-entry-actions'
import { canReopen, useReopenInEditor } from '../features/recurring/reopen-in-editor'
import { keptReportRequest, useRunAgain } from '../features/reports/run/run-again'
import { useOpenBulkJob } from '../features/bulk/open-bulk-job'

/** History's actions on entries of the Recurring, Reports and Bulk screens. */
export const historyEntryActions: HistoryEntryActions = {
  canReopen,
  useReopen: useReopenInEditor,
  canRunAgain: (entry) => keptReportRequest(entry) !== null,
  useRunAgain,
  useOpenBulkJob,
}
