/**
 * Maps a scroll position to rows for a view of any length. Chromium caps an element's height at
 * 33,554,428 px, so the spacer never grows past SPACER_MAX_PX: beyond that the scroll position
 * stands for a fraction of the rows (exact, row by row, when the rows fit).
 */
export const SPACER_MAX_PX = 10_000_000

export interface ScrollGeometry {
  rowCount: number
  rowHeight: number
  /** The height the rows get: the scroller's, less its sticky header. */
  viewportHeight: number
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))

export const spacerHeight = (g: ScrollGeometry) => Math.min(g.rowCount * g.rowHeight, SPACER_MAX_PX)

export const isScaled = (g: ScrollGeometry) => g.rowCount * g.rowHeight > SPACER_MAX_PX

/** The highest first row (a fraction): the last row then sits at the bottom of the viewport. */
export const maxFirstRow = (g: ScrollGeometry) =>
  Math.max(0, g.rowCount - g.viewportHeight / g.rowHeight)

const maxScrollTop = (g: ScrollGeometry) => Math.max(0, spacerHeight(g) - g.viewportHeight)

export const clampFirstRow = (first: number, g: ScrollGeometry) => clamp(first, 0, maxFirstRow(g))

/** The row (with its fraction) at the top of the viewport for a scroll position. */
export function firstRowAt(scrollTop: number, g: ScrollGeometry): number {
  if (!isScaled(g)) return clampFirstRow(scrollTop / g.rowHeight, g)
  const max = maxScrollTop(g)
  return max === 0 ? 0 : clamp(scrollTop / max, 0, 1) * maxFirstRow(g)
}

/** The scroll position that puts `first` at the top of the viewport. */
export function scrollTopFor(first: number, g: ScrollGeometry): number {
  const row = clampFirstRow(first, g)
  if (!isScaled(g)) return row * g.rowHeight
  const maxFirst = maxFirstRow(g)
  return maxFirst === 0 ? 0 : (row / maxFirst) * maxScrollTop(g)
}

/** Rows [from, to) to render: those in the viewport and `overscan` more on each side. */
export function visibleRows(first: number, g: ScrollGeometry, overscan: number) {
  const from = Math.max(0, Math.floor(first) - overscan)
  const to = Math.min(g.rowCount, Math.ceil(first + g.viewportHeight / g.rowHeight) + overscan)
  return { from, to: Math.max(from, to) }
}

/**
 * Where a row's top goes in the scrolled content (below the header): in place when not scaled,
 * so the browser scrolls it natively; else relative to the viewport's top.
 */
export function rowTop(row: number, first: number, scrollTop: number, g: ScrollGeometry): number {
  if (!isScaled(g)) return row * g.rowHeight
  return scrollTop + (row - first) * g.rowHeight
}

/** The first row that shows `row` whole, moving the view as little as possible. */
export function revealRow(row: number, first: number, g: ScrollGeometry): number {
  const rowsInView = g.viewportHeight / g.rowHeight
  if (row < first) return clampFirstRow(row, g)
  if (row + 1 > first + rowsInView) return clampFirstRow(row + 1 - rowsInView, g)
  return first
}
