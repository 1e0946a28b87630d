import type { Directive } from 'vue'

/**
 * `v-focus-outcome` on what an action ends with (a send's outcome, a run's result): focus lands
 * on it as it appears when the action left focus nowhere (its button was disabled while working,
 * so focus fell to the page) or on a button, so a keyboard or screen-reader user is taken to
 * the answer. Focus in a field (an action started with Ctrl+Enter while typing) stays there.
 */
export const vFocusOutcome: Directive<HTMLElement> = {
  mounted(element) {
    element.classList.add('focus-outcome')
    if (!element.hasAttribute('tabindex')) element.tabIndex = -1
    const active = document.activeElement
    if (!active || active === document.body || active.closest('button')) {
      element.focus({ preventScroll: false })
    }
  },
}
