import type { SortKey } from '../../../../../preload/contract/reports/report-view'

/**
 * The sort after a click on a column's header: ascending, then descending, then unsorted. A plain
 * click sorts by that column alone; Shift+click adds it to (or cycles it within) the sort.
 */
export function nextSort(sort: readonly SortKey[], column: number, additive: boolean): SortKey[] {
  const current = sort.find((key) => key.column === column)
  const next: SortKey | null = !current
    ? { column, descending: false }
    : current.descending
      ? null
      : { column, descending: true }
  if (!additive) return next ? [next] : []
  if (!current) return [...sort, next!]
  return sort.flatMap((key) => (key.column !== column ? [key] : next ? [next] : []))
}
