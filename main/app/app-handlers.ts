import { externalUrlToOpen } from './security/external-url'
import type { MenuLabels, ThemeSource } from '../../preload/contract/app/app-channels'
import type { Handlers } from '../platform/electron/ipc'

export function appHandlers(deps: {
  version: string
  platform: string
  openExternal: (url: string) => Promise<void>
  /** Rebuilds the native menu with these words; absent where there is no menu (tests, CLI). */
  setMenuLabels?: (labels: MenuLabels) => void
  /** Sets Electron's nativeTheme.themeSource; absent outside the app. */
  setThemeSource?: (source: ThemeSource) => void
}): Pick<
  Handlers,
  'app:info' | 'app:open-external' | 'app:set-menu-labels' | 'app:set-theme-source'
> {
  return {
    'app:info': async () => ({ version: deps.version, platform: deps.platform }),
    'app:open-external': async ({ url }) => {
      const external = externalUrlToOpen(url)
      if (!external) return { opened: false }
      await deps.openExternal(external)
      return { opened: true }
    },
    'app:set-menu-labels': async (labels) => {
      deps.setMenuLabels?.(labels)
      return { applied: deps.setMenuLabels !== undefined }
    },
    'app:set-theme-source': async ({ source }) => {
      deps.setThemeSource?.(source)
      return { applied: deps.setThemeSource !== undefined }
    },
  }
}
