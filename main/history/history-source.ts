import type { HistoryFilter } from './history-filter'
import type { HistoryEntry, HistoryPage, HistoryQuery } from './history-repository'

/**
 * What the History screen reads: this desk's history (the repository itself), or the team's
 * audit trail.
 */
export interface HistorySource {
  /** One page, newest first, and how many match. */
  search(query: HistoryQuery): HistoryPage | Promise<HistoryPage>
  /** Every entry the filter matches, newest first, in chunks (for the export). */
  matching(filter: HistoryFilter): Iterable<HistoryEntry[]> | AsyncIterable<HistoryEntry[]>
}
