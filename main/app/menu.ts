import type { MenuItemConstructorOptions } from 'electron'
import { MENU_LABEL_KEYS, type MenuLabels } from '../../preload/contract/app/app-channels'
import type { Wording } from '../../preload/contract/locales/explain'
import { catalogWording } from '../platform/i18n/catalog-wording'

/** The menu's words in a language of the catalog (shell.menu.*, the same the window sends). */
export const menuLabels = (wording: Wording): MenuLabels =>
  Object.fromEntries(
    MENU_LABEL_KEYS.map((key) => [key, wording.t(`shell.menu.${key}`, {})]),
  ) as MenuLabels

/**
 * The native menus, with the usual shortcuts coming from the standard roles; each item is
 * spelled out so it can be worded in the window's language.
 */
export function menuTemplate(options: {
  appName: string
  isMac: boolean
  isDevelopment: boolean
  labels?: MenuLabels
}): MenuItemConstructorOptions[] {
  // English until the window says which language it speaks.
  const { appName, isMac, isDevelopment, labels = menuLabels(catalogWording('en')) } = options
  const separator = { type: 'separator' } as const
  return [
    ...(isMac ? [{ label: appName, role: 'appMenu' as const }] : []),
    {
      label: labels.file,
      submenu: [
        isMac ? { role: 'close', label: labels.close } : { role: 'quit', label: labels.quit },
      ],
    },
    {
      label: labels.edit,
      submenu: [
        { role: 'undo', label: labels.undo },
        { role: 'redo', label: labels.redo },
        separator,
        { role: 'cut', label: labels.cut },
        { role: 'copy', label: labels.copy },
        { role: 'paste', label: labels.paste },
        { role: 'delete', label: labels.delete },
        separator,
        { role: 'selectAll', label: labels.selectAll },
      ],
    },
    {
      label: labels.view,
      submenu: [
        ...(isDevelopment
          ? [
              { role: 'reload' as const, label: labels.reload },
              { role: 'toggleDevTools' as const, label: labels.devTools },
              separator,
            ]
          : []),
        { role: 'resetZoom', label: labels.resetZoom },
        { role: 'zoomIn', label: labels.zoomIn },
        { role: 'zoomOut', label: labels.zoomOut },
        separator,
        { role: 'togglefullscreen', label: labels.fullScreen },
      ],
    },
    {
      label: labels.window,
      submenu: [
        { role: 'minimize', label: labels.minimize },
        ...(isMac
          ? [{ role: 'zoom' as const }]
          : [{ role: 'close' as const, label: labels.close }]),
      ],
    },
  ]
}
