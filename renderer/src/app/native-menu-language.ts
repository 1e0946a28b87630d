import { watch } from 'vue'
import { MENU_LABEL_KEYS, type MenuLabels } from '../../../preload/contract/app/app-channels'
import { call } from '../platform/bridge'
import { i18n } from '../platform/i18n'

/** Keeps main's native menu in the window's language: now, and after each switch. */
export function useNativeMenuLanguage(): void {
  watch(
    i18n.global.locale,
    () => {
      const labels = Object.fromEntries(
        MENU_LABEL_KEYS.map((key) => [key, i18n.global.t(`shell.menu.${key}`)]),
      ) as MenuLabels
      // A menu left in the other language is no reason to bother the user.
      call('app:set-menu-labels', labels).catch(() => undefined)
    },
    { immediate: true },
  )
}
