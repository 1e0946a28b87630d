import type { MenuItemConstructorOptions } from 'electron'

/** The native menus, with the usual shortcuts coming from the standard roles. */
export function menuTemplate(options: {
  appName: string
  isMac: boolean
  isDevelopment: boolean
}): MenuItemConstructorOptions[] {
  const { appName, isMac, isDevelopment } = options
  return [
    ...(isMac ? [{ label: appName, role: 'appMenu' as const }] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        ...(isDevelopment
          ? [
              { role: 'reload' as const },
              { role: 'toggleDevTools' as const },
              { type: 'separator' as const },
            ]
          : []),
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
  ]
}
