import { computed, nextTick, onBeforeUnmount, onMounted, ref, watch, type Ref } from 'vue'
import {
  clampFirstRow,
  firstRowAt,
  isScaled,
  revealRow,
  scrollTopFor,
  spacerHeight,
  visibleRows,
  type ScrollGeometry,
} from './scroll-scale'

/** Rows rendered beyond each edge of the viewport, so a small scroll never shows a gap. */
const OVERSCAN_ROWS = 6

/**
 * The grid's vertical scrolling, by row. Written by hand because virtual lists that size their
 * spacer to every row stop near a million rows (Chromium's height cap, see scroll-scale.ts).
 * When the rows do not fit under the cap, the scroll bar stands for a fraction of the view and
 * the wheel moves by rows itself (a wheel notch would otherwise jump dozens of rows).
 */
export function useScaledScroll(options: {
  scroller: Ref<HTMLElement | null>
  rowCount: Ref<number>
  rowHeight: number
  headerHeight: number
  /** A row that stays in view when the viewport's height changes (the focus cell's), if any. */
  keptRow?: () => number | undefined
}) {
  const viewportHeight = ref(0)
  const scrollTop = ref(0)
  /** The row (with its fraction) at the top of the viewport. */
  const first = ref(0)
  const geometry = computed<ScrollGeometry>(() => ({
    rowCount: options.rowCount.value,
    rowHeight: options.rowHeight,
    viewportHeight: viewportHeight.value,
  }))
  const spacer = computed(() => spacerHeight(geometry.value))
  const range = computed(() => visibleRows(first.value, geometry.value, OVERSCAN_ROWS))
  const scaled = computed(() => isScaled(geometry.value))
  /** Whole rows that fit in the viewport: what Page Up and Page Down move by. */
  const pageRows = computed(() =>
    Math.max(1, Math.floor(viewportHeight.value / options.rowHeight) - 1),
  )

  // The scroll position this code set last: its scroll event keeps `first` as it was asked for.
  let ours: number | null = null

  function onScroll() {
    const element = options.scroller.value
    if (!element) return
    const top = element.scrollTop
    scrollTop.value = top
    if (ours !== null && Math.abs(top - ours) <= 1) return
    ours = null
    first.value = firstRowAt(top, geometry.value)
  }

  /** Puts `row` (a fraction allowed) at the top of the viewport. */
  function scrollToFirst(row: number) {
    first.value = clampFirstRow(row, geometry.value)
    // After the DOM update: the spacer may just have grown to make room for the new position.
    void nextTick(() => {
      const element = options.scroller.value
      if (!element) return
      ours = scrollTopFor(first.value, geometry.value)
      element.scrollTop = ours
      // Not read back (that would force a layout): the scroll event corrects any rounding.
      scrollTop.value = ours
    })
  }

  const reveal = (row: number) => scrollToFirst(revealRow(row, first.value, geometry.value))

  function onWheel(event: WheelEvent) {
    if (!scaled.value || event.ctrlKey || event.deltaY === 0) return
    const element = options.scroller.value
    if (!element) return
    event.preventDefault()
    const pixels = (delta: number) =>
      event.deltaMode === WheelEvent.DOM_DELTA_LINE
        ? delta * options.rowHeight
        : event.deltaMode === WheelEvent.DOM_DELTA_PAGE
          ? delta * viewportHeight.value
          : delta
    element.scrollLeft += pixels(event.deltaX)
    scrollToFirst(first.value + pixels(event.deltaY) / options.rowHeight)
  }

  const viewportWidth = ref(0)
  const resized = new ResizeObserver(() => {
    const element = options.scroller.value
    if (!element) return
    viewportHeight.value = Math.max(0, element.clientHeight - options.headerHeight)
    viewportWidth.value = element.clientWidth
  })
  onMounted(() => {
    const element = options.scroller.value
    if (!element) return
    resized.observe(element)
    // Not passive: the scaled wheel replaces the browser's scrolling.
    element.addEventListener('wheel', onWheel, { passive: false })
  })
  onBeforeUnmount(() => {
    resized.disconnect()
    options.scroller.value?.removeEventListener('wheel', onWheel)
  })
  // A new row count or viewport changes what a scroll position means when scaled: keep the row.
  watch([() => options.rowCount.value, viewportHeight], () => {
    if (scaled.value) scrollToFirst(first.value)
  })
  // The browser keeps the top as the viewport shrinks (the totals' footer arriving, a shorter
  // window): a kept row that was in view, such as the last one after Ctrl+End, stays in view.
  watch(viewportHeight, (height, before) => {
    const row = options.keptRow?.()
    if (row === undefined) return
    const wasInView =
      row >= first.value && row + 1 <= first.value + before / options.rowHeight + 1e-6
    if (wasInView) reveal(row)
  })

  return {
    first,
    scrollTop,
    viewportWidth,
    geometry,
    spacer,
    range,
    pageRows,
    onScroll,
    scrollToFirst,
    reveal,
  }
}
