import type { Ref } from 'vue'
import type { GridColumn } from './grid-column'
import { nextMatch } from './search-match'
import { single, type Cell, type Selection } from './selection'

/** Where the grid goes when asked from outside it: the next search match, a row of the view. */
export function useGridJumps(options: {
  selection: Ref<Selection | null>
  /** The selection as it holds in the view now. */
  held: Ref<Selection | null>
  columns: () => GridColumn[]
  rowCount: () => number
  row: (index: number) => string[] | undefined
  search: () => string
  revealCell: (cell: Cell) => void
  revealRow: (row: number) => void
}) {
  /** Selects the next cell that matches the search (Enter in the search box), or the previous. */
  function jumpToMatch(backward: boolean) {
    const cell = nextMatch({
      from: options.held.value?.focus ?? null,
      backward,
      rowCount: options.rowCount(),
      columns: options.columns().map((column) => column.index),
      row: options.row,
      needle: options.search(),
    })
    if (!cell) return
    options.selection.value = single(cell)
    options.revealCell(cell)
  }

  /** Selects the row at `position` of the view, and scrolls to it (a problem clicked). */
  function showRow(position: number) {
    const last = options.columns().length - 1
    if (position >= options.rowCount() || last < 0) return
    options.selection.value = {
      anchor: { row: position, col: 0 },
      focus: { row: position, col: last },
      wholeRows: true,
    }
    options.revealRow(position)
  }

  return { jumpToMatch, showRow }
}
