import { computed, onBeforeUnmount, onMounted, ref, type Ref } from 'vue'
import type { ReportHeadView } from '../../../../../preload/contract/reports/report-channels'
import type {
  ColumnFilter,
  ColumnType,
  SortKey,
} from '../../../../../preload/contract/reports/report-view'
import {
  estimatedWidths,
  FIT_SAMPLE_ROWS,
  initialLayout,
  isNumeric,
  moveColumn,
  shownColumns,
  togglePinned,
  type ColumnLayout,
} from './column-layout'
import type { GridColumn } from './grid-column'
import { forgetLayout, savedLayout, saveLayout } from './saved-column-layouts'
import { gridTextWidths } from './text-width'

/** A drag resizes many times a second: the layout is saved once it rests this long. */
const SAVE_AFTER_MS = 300

/**
 * The grid's columns: the user's order, widths, pinned and hidden ones (as last arranged for
 * reports with this header, else fitted to the first rows), with the view's sort and filters.
 */
export function useColumnArrangement(options: {
  head: ReportHeadView
  columnTypes: () => readonly ColumnType[]
  sort: Ref<SortKey[]>
  filterOf: (column: number) => ColumnFilter | undefined
  cellText: () => (value: string, column: number, row: readonly string[]) => string
  /** The element whose fonts the cells are measured in. */
  section: Ref<HTMLElement | null>
}) {
  const { head } = options
  const saved = savedLayout(head.columns)
  /** The opening layout: columns fitted to the first rows as the grid shows them. */
  function openingLayout() {
    const cellText = options.cellText()
    const shownRows = head.rows
      .slice(0, FIT_SAMPLE_ROWS)
      .map((row) => row.map((value, column) => (value ? cellText(value, column, row) : '')))
    const widths = options.section.value ? gridTextWidths(options.section.value) : estimatedWidths
    return initialLayout(head.columns, shownRows, widths)
  }
  // Fitted in the window's fonts once it is there (the order is known now).
  const layout = ref(saved ?? initialLayout(head.columns, []))
  const arranged = ref(saved !== null)
  // In a task of its own after the first rows show: the window never waits on the measuring.
  let fitTimer: ReturnType<typeof setTimeout> | undefined
  onMounted(() => {
    fitTimer = setTimeout(() => {
      if (!arranged.value) layout.value = openingLayout()
    })
  })
  /** The columns are set from elsewhere (a saved view): the opening fit must not undo that. */
  const stopFitting = () => clearTimeout(fitTimer)

  let saveTimer: ReturnType<typeof setTimeout> | undefined
  const saveNow = () => {
    clearTimeout(saveTimer)
    saveTimer = undefined
    saveLayout(head.columns, layout.value)
  }
  function arrange(next: ColumnLayout) {
    layout.value = next
    arranged.value = true
    clearTimeout(saveTimer)
    saveTimer = setTimeout(saveNow, SAVE_AFTER_MS)
  }
  function resetColumns() {
    clearTimeout(saveTimer)
    saveTimer = undefined
    forgetLayout(head.columns)
    layout.value = openingLayout()
    arranged.value = false
  }
  onBeforeUnmount(() => {
    clearTimeout(fitTimer)
    if (saveTimer !== undefined) saveNow()
  })

  const columns = computed<GridColumn[]>(() =>
    shownColumns(layout.value).map((index) => {
      const type = options.columnTypes()[index] ?? { kind: 'text' }
      const sort = options.sort.value
      const sortAt = sort.findIndex((key) => key.column === index)
      return {
        index,
        name: head.columns[index] ?? `Column ${index + 1}`,
        type,
        width: layout.value.widths[index] ?? 120,
        numeric: isNumeric(type),
        pinned: layout.value.pinned.includes(index),
        sortOrder: sortAt < 0 ? null : sortAt + 1,
        descending: sort[sortAt]?.descending ?? false,
        filter: options.filterOf(index) ?? null,
      }
    }),
  )
  const shownIndexes = computed(() => columns.value.map((column) => column.index))

  function resize(column: number, width: number) {
    const widths = [...layout.value.widths]
    widths[column] = width
    arrange({ ...layout.value, widths })
  }

  /** Moves a column by its places among those shown. */
  function move(from: number, to: number) {
    const { order } = layout.value
    const at = (place: number) => order.indexOf(shownIndexes.value[place] ?? -1)
    arrange(moveColumn(layout.value, at(from), at(to)))
  }

  const pin = (column: number) => arrange(togglePinned(layout.value, column))

  return {
    layout,
    arranged,
    columns,
    shownIndexes,
    arrange,
    resetColumns,
    stopFitting,
    resize,
    move,
    pin,
  }
}
