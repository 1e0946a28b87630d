/** A cell of the grid: a row of the view and a column by its place on screen. */
export interface Cell {
  row: number
  col: number
}

/** A rectangle of cells from `anchor` to `focus`; `wholeRows` when rows were picked as a whole. */
export interface Selection {
  anchor: Cell
  focus: Cell
  wholeRows: boolean
}

export interface GridSize {
  rowCount: number
  colCount: number
  /** Rows that fit in the viewport: what Page Up and Page Down move by. */
  pageRows: number
}

export interface SelectionBounds {
  rowFrom: number
  /** Exclusive. */
  rowTo: number
  colFrom: number
  /** Exclusive. */
  colTo: number
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))

export const single = (cell: Cell): Selection => ({ anchor: cell, focus: cell, wholeRows: false })

export const allCells = (size: GridSize): Selection => ({
  anchor: { row: 0, col: 0 },
  focus: { row: size.rowCount - 1, col: size.colCount - 1 },
  wholeRows: true,
})

/** The selection held within the grid (after a new view or hidden columns). */
export function clampSelection(selection: Selection, size: GridSize): Selection | null {
  if (size.rowCount === 0 || size.colCount === 0) return null
  const fit = (cell: Cell) => ({
    row: clamp(cell.row, 0, size.rowCount - 1),
    col: clamp(cell.col, 0, size.colCount - 1),
  })
  return { ...selection, anchor: fit(selection.anchor), focus: fit(selection.focus) }
}

export function bounds(selection: Selection, colCount: number): SelectionBounds {
  const { anchor, focus } = selection
  return {
    rowFrom: Math.min(anchor.row, focus.row),
    rowTo: Math.max(anchor.row, focus.row) + 1,
    colFrom: selection.wholeRows ? 0 : Math.min(anchor.col, focus.col),
    colTo: selection.wholeRows ? colCount : Math.max(anchor.col, focus.col) + 1,
  }
}

export const contains = (b: SelectionBounds, row: number, col: number) =>
  row >= b.rowFrom && row < b.rowTo && col >= b.colFrom && col < b.colTo

/** Where a navigation key takes the focus cell, or null for a key that is not one. */
export function moveTarget(from: Cell, key: string, ctrl: boolean, size: GridSize): Cell | null {
  const lastRow = size.rowCount - 1
  const lastCol = size.colCount - 1
  const to = (row: number, col: number) => ({
    row: clamp(row, 0, lastRow),
    col: clamp(col, 0, lastCol),
  })
  switch (key) {
    case 'ArrowUp':
      return to(ctrl ? 0 : from.row - 1, from.col)
    case 'ArrowDown':
      return to(ctrl ? lastRow : from.row + 1, from.col)
    case 'ArrowLeft':
      return to(from.row, ctrl ? 0 : from.col - 1)
    case 'ArrowRight':
      return to(from.row, ctrl ? lastCol : from.col + 1)
    case 'PageUp':
      return to(from.row - size.pageRows, from.col)
    case 'PageDown':
      return to(from.row + size.pageRows, from.col)
    // As in a spreadsheet: Home and End within the row, with Ctrl to the first and last cell.
    case 'Home':
      return ctrl ? to(0, 0) : to(from.row, 0)
    case 'End':
      return ctrl ? to(lastRow, lastCol) : to(from.row, lastCol)
    default:
      return null
  }
}

/** The selection after a navigation to `target`: Shift extends it from the anchor. */
export function moveTo(selection: Selection | null, target: Cell, extend: boolean): Selection {
  if (!extend || !selection) return single(target)
  return { ...selection, focus: target }
}
