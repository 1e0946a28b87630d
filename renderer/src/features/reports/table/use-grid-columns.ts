import { computed, type Ref } from 'vue'
import type { GridColumn } from './grid-column'

/** Columns are rendered this far beyond each side of the viewport. */
const COLUMN_OVERSCAN_PX = 400
/** A cell's own right padding, kept when the viewport's edge cuts its column. */
const CUT_PADDING_PX = 8

/**
 * Where the grid's columns are: pinned ones first, sticking after the row numbers while the
 * others scroll under them; of the others only those in view (and some either side) are
 * rendered, however many the report has.
 */
export function useGridColumns(options: {
  columns: () => GridColumn[]
  gutterWidth: Ref<number>
  scrollLeft: Ref<number>
  viewportWidth: Ref<number>
  scroller: Ref<HTMLElement | null>
}) {
  const { gutterWidth } = options
  const lefts = computed(() => {
    let left = 0
    return options.columns().map((column) => {
      const at = left
      left += column.width
      return at
    })
  })
  const totalWidth = computed(
    () => gutterWidth.value + options.columns().reduce((sum, column) => sum + column.width, 0),
  )
  const pinnedCount = computed(() => options.columns().filter((column) => column.pinned).length)
  const pinnedWidth = computed(
    () => lefts.value[pinnedCount.value] ?? totalWidth.value - gutterWidth.value,
  )

  const shownColumns = computed(() => {
    const left = options.scrollLeft.value - COLUMN_OVERSCAN_PX
    const right = options.scrollLeft.value + options.viewportWidth.value + COLUMN_OVERSCAN_PX
    const shown: { column: GridColumn; position: number }[] = []
    options.columns().forEach((column, position) => {
      const start = gutterWidth.value + lefts.value[position]!
      if (column.pinned || (start + column.width > left && start < right)) {
        shown.push({ column, position })
      }
    })
    return shown
  })

  /**
   * How far each number column the viewport's right edge cuts reaches past it: its values are
   * then right-aligned to that edge, never shown by their leading digits alone.
   */
  const cutOff = computed(() => {
    const cut = new Map<number, number>()
    const edge = options.scrollLeft.value + options.viewportWidth.value
    for (const { column, position } of shownColumns.value) {
      const start = gutterWidth.value + lefts.value[position]!
      const end = start + column.width
      if (column.numeric && !column.pinned && start < edge && end > edge) {
        cut.set(position, end - edge)
      }
    }
    return cut
  })

  /**
   * Each rendered column's width and place: pinned ones stick after the row numbers, and the
   * first scrolling one rendered starts after a margin standing for the columns left of it.
   */
  const placeOf = computed(() => {
    const places = new Map<number, Record<string, string>>()
    const firstScrolling = shownColumns.value.find(({ column }) => !column.pinned)
    for (const { column, position } of shownColumns.value) {
      const place: Record<string, string> = { width: `${column.width}px` }
      if (column.pinned) place['left'] = `${gutterWidth.value + lefts.value[position]!}px`
      else if (position === firstScrolling?.position) {
        place['marginLeft'] = `${lefts.value[position]! - pinnedWidth.value}px`
      }
      const cut = cutOff.value.get(position)
      if (cut !== undefined) place['paddingRight'] = `${cut + CUT_PADDING_PX}px`
      places.set(position, place)
    }
    return places
  })

  /** Scrolls sideways, as little as needed, to show the column at `col` whole. */
  function revealColumn(col: number) {
    const element = options.scroller.value
    const left = lefts.value[col]
    const column = options.columns()[col]
    if (!element || left === undefined || !column || column.pinned) return
    // The visible cells are those right of the sticky row numbers and pinned columns.
    if (left - pinnedWidth.value < element.scrollLeft) element.scrollLeft = left - pinnedWidth.value
    else if (gutterWidth.value + left + column.width > element.scrollLeft + element.clientWidth) {
      element.scrollLeft = gutterWidth.value + left + column.width - element.clientWidth
    }
  }

  /** What stays put on the left as the grid scrolls sideways: row numbers and pinned columns. */
  const stickyWidth = computed(() => gutterWidth.value + pinnedWidth.value)

  return { totalWidth, pinnedCount, shownColumns, placeOf, cutOff, revealColumn, stickyWidth }
}
