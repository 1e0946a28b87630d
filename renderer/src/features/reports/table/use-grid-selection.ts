import { computed, onBeforeUnmount, ref, type Ref } from 'vue'
import type { CopyRequest, GridColumn } from './grid-column'
import {
  allCells,
  bounds,
  clampSelection,
  contains,
  moveTarget,
  moveTo,
  single,
  type Cell,
  type GridSize,
  type Selection,
} from './selection'

/**
 * The grid's selection and what the keys and the mouse do to it: arrows, pages, Home/End (with
 * Ctrl for the grid's ends), Shift to extend, Ctrl+A, Ctrl+C; click, Shift+click, drag, and the
 * row numbers for whole rows. Cells are addressed by row of the view and column by place.
 */
export function useGridSelection(options: {
  columns: () => GridColumn[]
  size: Ref<GridSize>
  /** The row at the top of the viewport: where the keys start with nothing selected. */
  firstRow: () => number
  reveal: (cell: Cell) => void
  focusGrid: () => void
  copy: (request: CopyRequest) => void
}) {
  const selection = ref<Selection | null>(null)
  const held = computed(() =>
    selection.value ? clampSelection(selection.value, options.size.value) : null,
  )
  const selected = computed(() =>
    held.value ? bounds(held.value, options.size.value.colCount) : null,
  )
  const isSelected = (row: number, col: number) =>
    selected.value !== null && contains(selected.value, row, col)
  const isFocus = (row: number, col: number) =>
    held.value?.focus.row === row && held.value.focus.col === col

  function copy() {
    if (!selected.value) return
    const { rowFrom, rowTo, colFrom, colTo } = selected.value
    options.copy({
      from: rowFrom,
      to: rowTo,
      columns: options
        .columns()
        .slice(colFrom, colTo)
        .map((column) => column.index),
      // As a spreadsheet user pastes it elsewhere: the columns' names above their values.
      withHeader: true,
    })
  }

  function onKeydown(event: KeyboardEvent) {
    const size = options.size.value
    if (size.rowCount === 0 || size.colCount === 0) return
    const ctrl = event.ctrlKey || event.metaKey
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key
    if (ctrl && key === 'a') {
      event.preventDefault()
      selection.value = allCells(size)
    } else if (ctrl && key === 'c') {
      event.preventDefault()
      copy()
    } else if (key === 'Escape' && held.value) {
      selection.value = single(held.value.focus)
    } else {
      const from = held.value?.focus ?? { row: Math.ceil(options.firstRow()), col: 0 }
      const target = moveTarget(from, key, ctrl, size)
      if (!target) return
      event.preventDefault()
      selection.value = moveTo(held.value, target, event.shiftKey)
      options.reveal(target)
    }
  }

  let dragging = false

  function cellAt(event: MouseEvent): Cell | null {
    const target = event.target as HTMLElement
    const row = target.closest<HTMLElement>('[data-row]')?.dataset['row']
    const col = target.closest<HTMLElement>('[data-col]')?.dataset['col']
    if (row === undefined || col === undefined) return null
    return { row: Number(row), col: Number(col) }
  }

  /** A click (or a drag over) `cell`; a negative column is the row's number: whole rows. */
  function pick(cell: Cell, extend: boolean) {
    const lastCol = options.size.value.colCount - 1
    const current = held.value
    if (cell.col < 0) {
      const anchor = extend && current?.wholeRows ? current.anchor : { row: cell.row, col: 0 }
      selection.value = { anchor, focus: { row: cell.row, col: lastCol }, wholeRows: true }
    } else if (extend && current) {
      const focus = current.wholeRows ? { row: cell.row, col: lastCol } : cell
      selection.value = { ...current, focus }
    } else {
      selection.value = single(cell)
    }
  }

  function onMousedown(event: MouseEvent) {
    const cell = event.button === 0 ? cellAt(event) : null
    if (!cell) return
    // The grid keeps the focus (for the keys) and no text gets selected by the drag.
    event.preventDefault()
    options.focusGrid()
    pick(cell, event.shiftKey)
    dragging = true
  }

  function onMouseover(event: MouseEvent) {
    const cell = dragging ? cellAt(event) : null
    if (cell) pick(cell, true)
  }

  const stopDragging = () => (dragging = false)
  window.addEventListener('mouseup', stopDragging)
  onBeforeUnmount(() => window.removeEventListener('mouseup', stopDragging))

  return {
    selection,
    held,
    isSelected,
    isFocus,
    onKeydown,
    onMousedown,
    onMouseover,
  }
}
