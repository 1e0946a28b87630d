import type { ColumnType } from '../../../../../preload/contract/reports/report-view'

/** How the user has arranged a report's columns: by their index in the file. */
export interface ColumnLayout {
  /** Every column, in the order shown. */
  order: number[]
  hidden: number[]
  widths: number[]
}

export const COLUMN_WIDTH_MIN = 48
/** The widest a column starts; dragging may make it wider, up to COLUMN_WIDTH_MAX. */
const COLUMN_WIDTH_START_MAX = 360
const COLUMN_WIDTH_MAX = 960
/** Roughly a character of the table's font, plus the cell's padding and header icons. */
const CHAR_PX = 7.5
const PADDING_PX = 20
const HEADER_ICONS_PX = 40

export const clampWidth = (width: number) =>
  Math.round(Math.min(COLUMN_WIDTH_MAX, Math.max(COLUMN_WIDTH_MIN, width)))

/** A width per column that fits its header and the longest of the first rows' values. */
export function initialLayout(columns: readonly string[], rows: readonly string[][]): ColumnLayout {
  const widths = columns.map((name, column) => {
    let longest = 0
    for (const row of rows) longest = Math.max(longest, row[column]?.length ?? 0)
    const header = name.length * CHAR_PX + HEADER_ICONS_PX
    const values = longest * CHAR_PX
    return clampWidth(Math.min(COLUMN_WIDTH_START_MAX, Math.max(header, values) + PADDING_PX))
  })
  return { order: columns.map((_, column) => column), hidden: [], widths }
}

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
