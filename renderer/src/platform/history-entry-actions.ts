import type { InjectionKey } from 'vue'
import type { HistoryEntryView } from '../../../preload/contract/history/history-channels'

/**
 * What History offers on an entry that another screen owns: a recurring update reopened in the
 * editor, a report run again in the designer, a bulk job shown on the Bulk screen. The app passes them in (renderer/src/main.ts), so
 * History imports no other screen.
 */
export interface HistoryEntryActions {
  canReopen: (entry: HistoryEntryView) => boolean
  /** A composable: call it in setup; the function it returns says whether the entry went. */
  useReopen: () => (entry: HistoryEntryView) => Promise<boolean>
  canRunAgain: (entry: HistoryEntryView) => boolean
  useRunAgain: () => (entry: HistoryEntryView) => Promise<boolean>
  /** A composable: the function it returns shows a bulk job on the Bulk screen. */
  useOpenBulkJob: () => (bulkJobId: string) => Promise<void>
}

export const HISTORY_ENTRY_ACTIONS: InjectionKey<HistoryEntryActions> =
  Symbol('history entry actions')
