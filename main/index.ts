import { join } from 'node:path'
import { app, BrowserWindow, ipcMain, Menu, protocol, screen, session, shell } from 'electron'
import { createHandlers } from './handlers'
import { originOf, registerHandlers } from './ipc'
import { menuTemplate } from './menu'
import { APP_ENTRY_URL, APP_ORIGIN, APP_SCHEME, serveAppRequest } from './security/app-protocol'
import { denyAllPermissions, hardenWebContents, mainWindowOptions } from './window'
import { loadWindowState, saveWindowState } from './window-state'

// electron-vite sets this while developing; the packaged app serves its files over app://.
const devServerUrl = process.env['ELECTRON_RENDERER_URL']
const rendererDir = join(import.meta.dirname, '../renderer')
const windowStateFile = join(app.getPath('userData'), 'window-state.json')

protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
])

let mainWindow: BrowserWindow | null = null

function openMainWindow(): BrowserWindow {
  const displays = screen.getAllDisplays().map((display) => display.workArea)
  const state = loadWindowState(windowStateFile, displays)
  const window = new BrowserWindow(
    mainWindowOptions(join(import.meta.dirname, '../preload/index.cjs'), state),
  )
  if (state?.maximized) window.maximize()
  window.once('ready-to-show', () => window.show())
  window.on('close', () => {
    saveWindowState(windowStateFile, {
      ...window.getNormalBounds(),
      maximized: window.isMaximized(),
    })
  })
  void window.loadURL(devServerUrl ?? APP_ENTRY_URL)
  return window
}

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  app.on('second-instance', () => {
    if (mainWindow?.isMinimized()) mainWindow.restore()
    mainWindow?.focus()
  })
  app.on('web-contents-created', (_event, contents) => {
    hardenWebContents(contents, (url) => void shell.openExternal(url))
  })

  void app.whenReady().then(() => {
    denyAllPermissions(session.defaultSession)
    protocol.handle(APP_SCHEME, (request) => serveAppRequest(rendererDir, request.url))
    const trustedOrigins = [APP_ORIGIN, ...(devServerUrl ? [originOf(devServerUrl)!] : [])]
    const handlers = createHandlers({
      version: app.getVersion(),
      platform: process.platform,
      openExternal: (url) => shell.openExternal(url),
    })
    registerHandlers(ipcMain, handlers, {
      trustedOrigins,
      logError: (message, error) => console.error(message, error),
    })
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        menuTemplate({
          appName: app.name,
          isMac: process.platform === 'darwin',
          isDevelopment: !app.isPackaged,
        }),
      ),
    )
    mainWindow = openMainWindow()
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) mainWindow = openMainWindow()
    })
  })

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
}
