import { computed, ref, watch } from 'vue'
import { THEME_SOURCES, type ThemeSource } from '../../../preload/contract/app/app-channels'
import { call } from '../platform/bridge'

const STORAGE_KEY = 'gatedesk.color-scheme'
const isPreference = (value: string | null): value is ThemeSource =>
  (THEME_SOURCES as readonly string[]).includes(value ?? '')

const stored = localStorage.getItem(STORAGE_KEY)
const preference = ref<ThemeSource>(isPreference(stored) ? stored : 'system')
// Electron passes the OS theme (nativeTheme) to the page as prefers-color-scheme.
const osQuery = window.matchMedia('(prefers-color-scheme: dark)')
const osDark = ref(osQuery.matches)
osQuery.addEventListener('change', (event) => (osDark.value = event.matches))

const dark = computed(() =>
  preference.value === 'system' ? osDark.value : preference.value === 'dark',
)

/** Main gives the title bar, menus and dialogs the same theme as the page. */
export function useNativeTheme(): void {
  watch(
    preference,
    // Native parts left in the OS theme are no reason to bother the user.
    (source) => void call('app:set-theme-source', { source }).catch(() => undefined),
    { immediate: true },
  )
}

/** The window's theme: the OS's unless the user picked one, kept across restarts. */
export function useColorScheme() {
  return {
    dark,
    preference: computed<ThemeSource>({
      get: () => preference.value,
      set: (value) => {
        preference.value = value
        localStorage.setItem(STORAGE_KEY, value)
      },
    }),
  }
}
