import type { ColumnFilter, ColumnType } from '../../../../../preload/contract/reports/report-view'

/** A column as the grid shows it. */
export interface GridColumn {
  /** Its index in the file (and in each row). */
  index: number
  name: string
  type: ColumnType
  width: number
  /** Numbers are right-aligned. */
  numeric: boolean
  /** Frozen on the left while the others scroll; pinned columns come first. */
  pinned: boolean
  /** Its place in the sort (1 for the first key), or null when the view is not sorted by it. */
  sortOrder: number | null
  descending: boolean
  filter: ColumnFilter | null
}

/** What a copy takes: rows [from, to) of the view, those columns, with the header or not. */
export interface CopyRequest {
  from: number
  to: number
  columns: number[]
  withHeader: boolean
}
