import { onMounted, shallowRef, type Ref } from 'vue'
import { estimatedWidths, fitWidth } from './column-layout'
import type { GridColumn } from './grid-column'
import { matches } from './search-match'
import { gridTextWidths } from './text-width'

/** Room a cell's padding and border take from its column's width. */
const CELL_PADDING_PX = 17

const EMPTY = { text: '', title: undefined, match: false }

type CellText = (value: string, column: number, row: readonly string[]) => string

/**
 * What the grid's cells show in the room their columns leave, and the width that fits a column
 * to what is on screen (a double-click on its header's edge).
 */
export function useCellDisplay(options: {
  scroller: Ref<HTMLElement | null>
  cellText: () => CellText
  search: () => string
  shownColumns: Ref<readonly { column: GridColumn; position: number }[]>
  /** How much of a column at a place the viewport's edge cuts off. */
  cutOff: Ref<ReadonlyMap<number, number>>
  /** The rows rendered now. */
  rendered: Ref<readonly { values: string[] | undefined }[]>
}) {
  // Cells are measured in the grid's own font, once it is laid out.
  const textWidths = shallowRef(estimatedWidths)
  onMounted(() => {
    if (options.scroller.value) textWidths.value = gridTextWidths(options.scroller.value)
  })

  /**
   * What a cell shows: its value as people read it, whole in a tooltip when the column is too
   * narrow. Text then ends in an ellipsis; a number shows an ellipsis alone, never some digits.
   */
  function shown(values: string[] | undefined, column: GridColumn, room: number) {
    const value = values?.[column.index]
    if (value === undefined || value === '') return EMPTY
    const text = options.cellText()(value, column.index, values!)
    const match = matches(value, options.search())
    if (textWidths.value.cell(text) <= room) {
      return { text, title: undefined, match }
    }
    return { text: column.numeric ? '…' : text, title: text, match }
  }

  const cellsOf = (values: string[] | undefined) =>
    options.shownColumns.value.map(({ column, position }) => ({
      column,
      position,
      cell: shown(
        values,
        column,
        column.width - CELL_PADDING_PX - (options.cutOff.value.get(position) ?? 0),
      ),
    }))

  /** The width fitting a column to its header and the widest of the rows on screen. */
  function fittedWidth(column: GridColumn) {
    const texts = options.rendered.value.flatMap(({ values }) => {
      const value = values?.[column.index]
      return value ? [options.cellText()(value, column.index, values!)] : []
    })
    return fitWidth(column.name, texts, textWidths.value, column.pinned)
  }

  return { cellsOf, fittedWidth }
}
