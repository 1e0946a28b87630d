import type { TextWidths } from './column-layout'

/** A pivot cell's padding (Naive UI's small table: 8 px a side), its border, a pixel of room. */
const CELL_EXTRA_PX = 18
const WIDTH_MIN = 56
/** Wider values (a long status or description) show their start, and whole in a tooltip. */
const WIDTH_MAX = 240
/** The rows measured: enough to see the widest values of a pivot's first screens. */
export const PIVOT_FIT_ROWS = 200

export interface PivotColumnWidth {
  width: number
  /** Some value is wider than the column: it is cut, with a tooltip. */
  cut: boolean
}

/**
 * A header cut after each `_`, where it may break onto another line as between its words: a
 * column name such as Created_date is one long word otherwise.
 */
export const afterUnderscores = (title: string): string[] => title.split(/(?<=_)/)

/**
 * Each pivot column as wide as its widest value as shown (`rows`, the first PIVOT_FIT_ROWS are
 * measured) and its header's widest part (a header wraps onto more lines, see afterUnderscores; a
 * value never), so that a day's net per currency fits beside the controls, where fixed widths
 * left the net columns out of sight.
 */
export function pivotColumnWidths(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  widths: TextWidths,
): PivotColumnWidth[] {
  const measured = rows.slice(0, PIVOT_FIT_ROWS)
  return header.map((title, at) => {
    const parts = afterUnderscores(title).flatMap((part) => part.split(/\s+/))
    let widest = Math.max(0, ...parts.map(widths.header))
    for (const row of measured) widest = Math.max(widest, widths.cell(row[at] ?? ''))
    const width = Math.ceil(widest + CELL_EXTRA_PX)
    return { width: Math.min(WIDTH_MAX, Math.max(WIDTH_MIN, width)), cut: width > WIDTH_MAX }
  })
}
