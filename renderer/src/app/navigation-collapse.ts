import { computed, ref } from 'vue'

const STORAGE_KEY = 'gatedesk.navigation-collapsed'
/** Below this content width (CSS px, so zoom counts) the navigation starts folded. */
const NARROW_WINDOW = 900

const stored = localStorage.getItem(STORAGE_KEY)
// null: the user never chose, so the window's width decides.
const chosen = ref<boolean | null>(stored === null ? null : stored === 'true')
const narrowQuery = window.matchMedia(`(max-width: ${NARROW_WINDOW - 1}px)`)
const narrow = ref(narrowQuery.matches)
narrowQuery.addEventListener('change', (event) => (narrow.value = event.matches))

const collapsed = computed(() => chosen.value ?? narrow.value)

/** Whether the side navigation is folded: the user's last choice, else folded on narrow windows. */
export function useNavigationCollapse() {
  return {
    collapsed,
    toggle() {
      chosen.value = !collapsed.value
      localStorage.setItem(STORAGE_KEY, String(chosen.value))
    },
  }
}

/** The shortcut that folds and unfolds the navigation, as in most editors. */
export const NAVIGATION_SHORTCUT = 'Ctrl+B'

export const isNavigationShortcut = (event: KeyboardEvent) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key === 'b'
