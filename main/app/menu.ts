import type { MenuItemConstructorOptions } from 'electron'
import { MENU_LABEL_KEYS, type MenuLabels } from '../../preload/contract/app/app-channels'
import type { Wording } from '../../preload/contract/locales/explain'
import { catalogWording } from '../platform/i18n/catalog-wording'

/** The menu's words in a language of the catalog (shell.menu.*, the same the window sends). */
export const menuLabels = (wording: Wording): MenuLabels =>
  Object.fromEntries(
    MENU_LABEL_KEYS.map((key) => [key, wording.t(`shell.menu.${key}`, {})]),
  ) as MenuLabels

/** File ▸ Open Recent: the recent reports (main keeps them) and what choosing one does. */
export interface RecentMenu {
  entries: readonly { id: string; name: string }[]
  open: (id: string) => void
  clear: () => void
}

/** A report's name as a menu label: "&" is a mnemonic there, so a literal one is doubled. */
const literalLabel = (name: string) => name.replaceAll('&', '&&')

function openRecentItem(labels: MenuLabels, recent: RecentMenu): MenuItemConstructorOptions {
  const { entries } = recent
  return {
    label: labels.openRecent,
    submenu: entries.length
      ? [
          ...entries.map((entry) => ({
            label: literalLabel(entry.name),
            click: () => recent.open(entry.id),
          })),
          { type: 'separator' },
          { label: labels.clearRecent, click: () => recent.clear() },
        ]
      : [{ label: labels.noRecent, enabled: false }],
  }
}

/**
 * The native menus, with the usual shortcuts coming from the standard roles; each item is
 * spelled out so it can be worded in the window's language.
 */
export function menuTemplate(options: {
  appName: string
  isMac: boolean
  isDevelopment: boolean
  labels?: MenuLabels
  /** Absent where there is nothing to list (the File menu then has no Open Recent). */
  recent?: RecentMenu
}): MenuItemConstructorOptions[] {
  // English until the window says which language it speaks.
  const { appName, isMac, isDevelopment, labels = menuLabels(catalogWording('en')) } = options
  const { recent } = options
  const separator = { type: 'separator' } as const
  return [
    ...(isMac ? [{ label: appName, role: 'appMenu' as const }] : []),
    {
      label: labels.file,
      submenu: [
        ...(recent ? [openRecentItem(labels, recent), separator] : []),
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
