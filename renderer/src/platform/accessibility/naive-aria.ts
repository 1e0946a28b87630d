import { onBeforeUnmount, onMounted, watch } from 'vue'
import { useI18n } from 'vue-i18n'

/**
 * What Naive UI (2.45) renders without the ARIA that WCAG 2.1 AA asks, put right once for every
 * screen, drawer and dialog as it appears: its components take no prop for these.
 * - A card's header is a role=heading nesting another, with no level: the outer one becomes
 *   plain, the inner one a heading of level 3 (screens title themselves with an h2).
 * - A number input's − and + buttons have no name (they are out of the Tab order: the arrow keys
 *   step the value).
 * - A select's box is a focusable div with no role: it becomes a combobox, named by the label
 *   the select was given, saying whether its list is open.
 * - A required form field is marked only by an asterisk: its input says aria-required.
 * - A progress bar has no name unless the screen gave one.
 * - A pagination's pages and arrows are divs only a mouse can press: they become buttons in
 *   the Tab order (Enter and Space press them, see pressPaginationItem), the arrows named.
 * - Tabs a screen gives role=tab sit in per-tab wrappers with no tablist: the wrappers become
 *   plain and the row holding them the tablist.
 */
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]'

interface Names {
  stepDown: string
  stepUp: string
  progress: string
  previousPage: string
  nextPage: string
}

function repair(root: ParentNode, names: Names) {
  for (const header of root.querySelectorAll('.n-card-header[role="heading"]')) {
    header.setAttribute('role', 'none')
  }
  for (const title of root.querySelectorAll('.n-card-header__main[role="heading"]')) {
    title.setAttribute('aria-level', '3')
  }
  for (const numberInput of root.querySelectorAll('.n-input-number')) {
    const [down, up] = numberInput.querySelectorAll('.n-input__suffix > button')
    down?.setAttribute('aria-label', names.stepDown)
    up?.setAttribute('aria-label', names.stepUp)
  }
  for (const box of root.querySelectorAll('.n-base-selection')) {
    // A filterable select takes focus in its text box, any other in the box itself.
    const control = box.querySelector('input') ?? (box.hasAttribute('tabindex') ? box : null)
    if (!control) continue
    control.setAttribute('role', 'combobox')
    control.setAttribute('aria-haspopup', 'listbox')
    control.setAttribute(
      'aria-expanded',
      String(box.classList.contains('n-base-selection--active')),
    )
    const label = box.closest('.n-select')?.getAttribute('aria-label')
    if (label) control.setAttribute('aria-label', label)
  }
  // A table's body that scrolls with nothing focusable in it gets a Tab stop, so the arrow keys
  // can scroll it.
  const scrollers = '.n-data-table .v-vl, .n-data-table-base-table-body > .n-scrollbar-container'
  for (const scroller of root.querySelectorAll(scrollers)) {
    const scrolls =
      scroller.scrollHeight > scroller.clientHeight || scroller.scrollWidth > scroller.clientWidth
    if (scrolls && !scroller.hasAttribute('tabindex') && !scroller.querySelector(FOCUSABLE)) {
      scroller.setAttribute('tabindex', '0')
    }
  }
  // A progress bar a screen did not name is named as what it is.
  const unnamedBars = '.n-progress[role="progressbar"]:not([aria-label]):not([aria-labelledby])'
  for (const bar of root.querySelectorAll(unnamedBars))
    bar.setAttribute('aria-label', names.progress)
  for (const pagination of root.querySelectorAll('.n-pagination')) {
    const items = [...pagination.querySelectorAll(':scope > .n-pagination-item')]
    for (const item of items) {
      const disabled = item.classList.contains('n-pagination-item--disabled')
      item.setAttribute('role', 'button')
      item.setAttribute('tabindex', disabled ? '-1' : '0')
      item.setAttribute('aria-disabled', String(disabled))
      if (item.classList.contains('n-pagination-item--active'))
        item.setAttribute('aria-current', 'page')
      else item.removeAttribute('aria-current')
    }
    items[0]?.setAttribute('aria-label', names.previousPage)
    items.at(-1)?.setAttribute('aria-label', names.nextPage)
  }
  for (const tab of root.querySelectorAll('.n-tabs-tab-wrapper > [role="tab"]')) {
    const wrapper = tab.parentElement!
    wrapper.setAttribute('role', 'none')
    wrapper.parentElement?.setAttribute('role', 'tablist')
  }
  for (const asterisk of root.querySelectorAll('.n-form-item-label__asterisk')) {
    const field = asterisk.closest('.n-form-item')?.querySelector('input, textarea')
    field?.setAttribute('aria-required', 'true')
  }
}

/** Enter or Space on a pagination item presses it, as on a button. */
function pressPaginationItem(event: KeyboardEvent) {
  const item = event.target instanceof HTMLElement ? event.target : null
  if (!item?.matches('.n-pagination-item') || (event.key !== 'Enter' && event.key !== ' ')) return
  event.preventDefault()
  item.click()
}

/** Keeps the page's Naive UI widgets repaired (see repair) as they come and go; the shell calls it once. */
export function useNaiveAria(): void {
  const { t, locale } = useI18n()
  const names = (): Names => ({
    stepDown: t('accessibility.stepDown'),
    stepUp: t('accessibility.stepUp'),
    progress: t('accessibility.progress'),
    previousPage: t('accessibility.previousPage'),
    nextPage: t('accessibility.nextPage'),
  })
  let scheduled = false
  // Batched to one pass a frame: a screen renders hundreds of nodes at once.
  const observer = new MutationObserver(() => {
    if (scheduled) return
    scheduled = true
    requestAnimationFrame(() => {
      scheduled = false
      repair(document.body, names())
    })
  })
  onMounted(() => {
    document.addEventListener('keydown', pressPaginationItem)
    repair(document.body, names())
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['class'],
    })
  })
  watch(locale, () => repair(document.body, names()))
  onBeforeUnmount(() => {
    observer.disconnect()
    document.removeEventListener('keydown', pressPaginationItem)
  })
}
