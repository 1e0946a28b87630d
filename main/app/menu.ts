import type { MenuItemConstructorOptions } from 'electron'
import type { MenuLabels } from '../../preload/contract/app/app-channels'

/** The words Electron gives the standard roles, until the window says which language it speaks. */
export const ENGLISH_MENU_LABELS: MenuLabels = {
  file: 'File',
  edit: 'Edit',
  view: 'View',
  window: 'Window',
  quit: 'Quit',
  close: 'Close',
  undo: 'Undo',
  redo: 'Redo',
  cut: 'Cut',
  copy: 'Copy',
  paste: 'Paste',
  delete: 'Delete',
  selectAll: 'Select All',
  reload: 'Reload',
  devTools: 'Toggle Developer Tools',
  resetZoom: 'Actual Size',
  zoomIn: 'Zoom In',
  zoomOut: 'Zoom Out',
  fullScreen: 'Toggle Full Screen',
  minimize: 'Minimize',
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
}): MenuItemConstructorOptions[] {
  const { appName, isMac, isDevelopment, labels = ENGLISH_MENU_LABELS } = options
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
