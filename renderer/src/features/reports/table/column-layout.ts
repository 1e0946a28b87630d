import type { ColumnType } from '../../../../../preload/contract/reports/report-view'
import { idColumnOf, keyColumnsFirst } from '../../../../../preload/contract/reports/key-columns'

/** How the user has arranged a report's columns: by their index in the file. */
export interface ColumnLayout {
  /** Every column, in the order shown. */
  order: number[]
  hidden: number[]
  widths: number[]
  /** Columns frozen on the left while the rest scroll; always first in `order`. */
  pinned: number[]
}

export const COLUMN_WIDTH_MIN = 48
/** The widest a column starts; dragging may make it wider, up to COLUMN_WIDTH_MAX. */
const COLUMN_WIDTH_START_MAX = 360
const COLUMN_WIDTH_MAX = 960
/** Room for a cell's padding and border; for a header's and its filter button; for a pin. */
const CELL_EXTRA_PX = 20
const HEADER_EXTRA_PX = 46
const PIN_PX = 20
/** Rows of the first window measured to fit a column: enough to see its widest values. */
export const FIT_SAMPLE_ROWS = 200

export const clampWidth = (width: number) =>
  Math.round(Math.min(COLUMN_WIDTH_MAX, Math.max(COLUMN_WIDTH_MIN, width)))

/** Text widths in the grid's fonts: a cell's, and a header's (bold). */
export interface TextWidths {
  cell: (text: string) => number
  header: (text: string) => number
}

/** Roughly a character of the table's font: before the fonts can be measured. */
const CHAR_PX = 7.5
export const estimatedWidths: TextWidths = {
  cell: (text) => text.length * CHAR_PX,
  header: (text) => text.length * CHAR_PX,
}

/** The width that shows a column's header and its widest value of `texts`, within bounds. */
export function fitWidth(
  header: string,
  texts: Iterable<string>,
  widths: TextWidths,
  pinned = false,
): number {
  let widest = widths.header(header) + HEADER_EXTRA_PX + (pinned ? PIN_PX : 0)
  for (const text of texts) widest = Math.max(widest, widths.cell(text) + CELL_EXTRA_PX)
  return clampWidth(Math.min(COLUMN_WIDTH_START_MAX, widest))
}

/**
 * How a report opens: the key columns first (the identifier pinned), each column fitted to its
 * header and the widest of the first rows' values as shown (`rows` hold the shown text).
 */
export function initialLayout(
  columns: readonly string[],
  rows: readonly (readonly string[])[],
  widths: TextWidths = estimatedWidths,
): ColumnLayout {
  const sample = rows.slice(0, FIT_SAMPLE_ROWS)
  const id = idColumnOf(columns)
  const fitted = columns.map((name, column) =>
    fitWidth(
      name,
      sample.map((row) => row[column] ?? ''),
      widths,
      column === id,
    ),
  )
  return {
    order: keyColumnsFirst(columns),
    hidden: [],
    widths: fitted,
    pinned: id === undefined ? [] : [id],
  }
}

/** `order` with the pinned columns first (in their order), then the others. */
export const pinnedFirst = (order: readonly number[], pinned: readonly number[]) => [
  ...order.filter((column) => pinned.includes(column)),
  ...order.filter((column) => !pinned.includes(column)),
]

/** Pins a column (after those pinned already) or unpins it (first of those that scroll). */
export function togglePinned(layout: ColumnLayout, column: number): ColumnLayout {
  const pinned = layout.pinned.includes(column)
    ? layout.pinned.filter((other) => other !== column)
    : [...layout.pinned, column]
  const order = layout.order.filter((other) => other !== column)
  // Right after the other pinned ones: at the pinned block's end, or the scrolling ones' start.
  order.splice(pinned.filter((other) => other !== column).length, 0, column)
  return { ...layout, order: pinnedFirst(order, pinned), pinned }
}

/** Moves a column from one place in `order` to another; pinned columns stay first. */
export const moveColumn = (layout: ColumnLayout, from: number, to: number): ColumnLayout => ({
  ...layout,
  order: pinnedFirst(moveItem(layout.order, from, to), layout.pinned),
})

/** The columns shown, in order. */
export const shownColumns = (layout: ColumnLayout) =>
  layout.order.filter((column) => !layout.hidden.includes(column))

/** `order` with the item at `from` moved to `to` (places in the list). */
export function moveItem<T>(order: readonly T[], from: number, to: number): T[] {
  const next = [...order]
  const [item] = next.splice(from, 1)
  if (item === undefined) return next
  next.splice(Math.max(0, Math.min(next.length, to)), 0, item)
  return next
}

/** Hides or shows a column; the last one shown stays shown. */
export function toggleHidden(layout: ColumnLayout, column: number): ColumnLayout {
  const hidden = layout.hidden.includes(column)
    ? layout.hidden.filter((other) => other !== column)
    : [...layout.hidden, column]
  if (hidden.length >= layout.order.length) return layout
  return { ...layout, hidden }
}

export const isNumeric = (type: ColumnType | undefined) =>
  type?.kind === 'integer' || type?.kind === 'decimal'

/** Columns that can be filtered by a range: numbers and dates compare by value. */
export const hasRange = (type: ColumnType | undefined) => type !== undefined && type.kind !== 'text'
