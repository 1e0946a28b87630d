import { nextTick, ref, watch } from 'vue'

/** A cell of the grid: its row on the page shown, and its column among those reached by keys. */
export interface GridCell {
  row: number
  column: number
}

interface GridShape {
  /** Rows on the page shown. */
  rows: () => number
  /** Columns reached by the keys (the row's checkbox, then the cells that can be fixed). */
  columns: () => number
  /** Space anywhere in a row: its checkbox is ticked or unticked. */
  toggleRow: (row: number) => void
  /** PageDown and PageUp: the next or previous page, if there is one; says whether it turned. */
  turnPage: (by: 1 | -1) => Promise<boolean>
}

/**
 * One Tab stop for a table of many rows (a roving tabindex, as in the ARIA grid pattern): the
 * cell last reached has tabindex 0, every other -1, so Tab goes on past the table (to its
 * pagination) instead of through its hundreds of cells. The arrows move between cells, Home and
 * End to the row's first and last, Ctrl+Home and Ctrl+End to the page's first and last row,
 * PageUp and PageDown turn the page, Space ticks the row's checkbox.
 */
export function useRovingGrid(shape: GridShape) {
  const active = ref<GridCell>({ row: 0, column: 0 })
  const root = ref<HTMLElement | null>(null)

  /** What a reachable cell's element carries: its place and its share of the one Tab stop. */
  const cellAttributes = (row: number, column: number) => ({
    tabindex: active.value.row === row && active.value.column === column ? 0 : -1,
    'data-grid-cell': `${row}:${column}`,
  })

  const clamp = (cell: GridCell): GridCell => ({
    row: Math.max(0, Math.min(cell.row, shape.rows() - 1)),
    column: Math.max(0, Math.min(cell.column, shape.columns() - 1)),
  })

  // Fewer rows (the last page, a filter): the Tab stop stays on a row that is there.
  watch([shape.rows, shape.columns], () => (active.value = clamp(active.value)))

  async function focusActive() {
    await nextTick()
    const { row, column } = active.value
    root.value?.querySelector<HTMLElement>(`[data-grid-cell="${row}:${column}"]`)?.focus()
  }

  async function moveTo(cell: GridCell) {
    active.value = clamp(cell)
    await focusActive()
  }

  /** A click (or a fix finished) moves the Tab stop to where focus went. */
  function onFocusin(event: FocusEvent) {
    const place = (event.target as HTMLElement).closest('[data-grid-cell]')
    const [row, column] = (place?.getAttribute('data-grid-cell') ?? '').split(':').map(Number)
    if (row !== undefined && column !== undefined && !Number.isNaN(row + column))
      active.value = { row, column }
  }

  async function onKeydown(event: KeyboardEvent) {
    const target = event.target as HTMLElement
    // Typing a fix: the keys are the editor's.
    if (!target.closest('[data-grid-cell]') || target.closest('input, textarea')) return
    const { row, column } = active.value
    const last = { row: shape.rows() - 1, column: shape.columns() - 1 }
    const moves: Record<string, () => GridCell> = {
      ArrowDown: () => ({ row: row + 1, column }),
      ArrowUp: () => ({ row: row - 1, column }),
      ArrowRight: () => ({ row, column: column + 1 }),
      ArrowLeft: () => ({ row, column: column - 1 }),
      Home: () => (event.ctrlKey ? { row: 0, column } : { row, column: 0 }),
      End: () => (event.ctrlKey ? { row: last.row, column } : { row, column: last.column }),
    }
    const move = moves[event.key]
    if (move) {
      event.preventDefault()
      await moveTo(move())
    } else if (event.key === 'PageDown' || event.key === 'PageUp') {
      event.preventDefault()
      if (await shape.turnPage(event.key === 'PageDown' ? 1 : -1)) await moveTo(active.value)
    } else if (event.key === ' ' && !target.matches('[role="checkbox"]')) {
      // The checkbox takes Space itself; anywhere else in the row Space does the same.
      event.preventDefault()
      shape.toggleRow(row)
    }
  }

  return { root, cellAttributes, focusActive, onFocusin, onKeydown }
}
