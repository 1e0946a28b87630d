import { computed, ref } from 'vue'

export const colorSchemes = ['system', 'light', 'dark'] as const
export type ColorSchemePreference = (typeof colorSchemes)[number]

const STORAGE_KEY = 'gatedesk.color-scheme'
const isPreference = (value: string | null): value is ColorSchemePreference =>
  (colorSchemes as readonly string[]).includes(value ?? '')

const stored = localStorage.getItem(STORAGE_KEY)
const preference = ref<ColorSchemePreference>(isPreference(stored) ? stored : 'system')
// Electron passes the OS theme (nativeTheme) to the page as prefers-color-scheme.
const osQuery = window.matchMedia('(prefers-color-scheme: dark)')
const osDark = ref(osQuery.matches)
osQuery.addEventListener('change', (event) => (osDark.value = event.matches))

const dark = computed(() =>
  preference.value === 'system' ? osDark.value : preference.value === 'dark',
)

/** The window's theme: the OS's unless the user picked one, kept across restarts. */
export function useColorScheme() {
  return {
    dark,
    preference: computed<ColorSchemePreference>({
      get: () => preference.value,
      set: (value) => {
        preference.value = value
        localStorage.setItem(STORAGE_KEY, value)
      },
    }),
  }
}
