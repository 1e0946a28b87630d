import { join } from 'node:path'
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  nativeTheme,
  protocol,
  screen,
  session,
  shell,
  utilityProcess,
} from 'electron'
import { startAppServices, type AppServices } from './app-services'
import { electronFileDialogs } from '../platform/electron/dialogs'
import { createEventEmitter, originOf, registerHandlers } from '../platform/electron/ipc'
import { menuTemplate } from './menu'
import {
  APP_ENTRY_URL,
  APP_ORIGIN,
  APP_SCHEME,
  APP_SCHEME_PRIVILEGES,
  serveAppRequest,
} from './security/app-protocol'
import { devServerUrl } from './security/dev-server-url'
import { createKeytarSecretStore } from '../platform/keychain/keytar-secret-store'
import { describeStartupFailure, startupLanguage } from './startup-failure'
import { guardPermissions, hardenWebContents, mainWindowOptions } from './window'
import { electronPdfPrinter } from './pdf-printer'
import { loadWindowState, saveWindowState } from './window-state'
import { appScriptsDir, scriptLocator } from '../platform/workers/script-ref'
import { utilityProcessLauncher } from '../platform/workers/utility-process-launcher'
import type { MenuLabels } from '../../preload/contract/app/app-channels'

// Whatever GateDesk, Chromium or a child process creates is the user's alone (downloaded
// reports, caches, the sandbox's state), not only the files that set their mode themselves.
process.umask(0o077)

// electron-vite sets this while developing; the packaged app serves its files over app://.
const developmentUrl = devServerUrl(process.env['ELECTRON_RENDERER_URL'], app)
const developmentOrigin = developmentUrl ? originOf(developmentUrl) : null
const rendererDir = join(import.meta.dirname, '../renderer')
const windowStateFile = join(app.getPath('userData'), 'window-state.json')

protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: APP_SCHEME_PRIVILEGES }])

let mainWindow: BrowserWindow | null = null

let services: AppServices | null = null
const emit = createEventEmitter((event, payload) => mainWindow?.webContents.send(event, payload))

/** What the native menu shows: worded as the window asks (English until it does). */
let menuWords: MenuLabels | undefined
let recentEntries: { id: string; name: string }[] = []
function setMenu(): void {
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      menuTemplate({
        appName: app.name,
        isMac: process.platform === 'darwin',
        isDevelopment: !app.isPackaged,
        labels: menuWords,
        recent: {
          entries: recentEntries,
          // The window opens it, as from its own list: it shows the report and says if it is gone.
          open: (id) => {
            mainWindow?.show()
            emit('recent-reports:open-requested', { id })
          },
          clear: () => services?.recentReports.clear(),
        },
      }),
    ),
  )
}

function openMainWindow(): BrowserWindow {
  const displays = screen.getAllDisplays().map((display) => display.workArea)
  const state = loadWindowState(windowStateFile, displays)
  const window = new BrowserWindow(
    mainWindowOptions(join(import.meta.dirname, '../preload/index.cjs'), state, app.isPackaged),
  )
  if (state?.maximized) window.maximize()
  window.once('ready-to-show', () => window.show())
  window.on('close', () => {
    saveWindowState(windowStateFile, {
      ...window.getNormalBounds(),
      maximized: window.isMaximized(),
    })
  })
  void window.loadURL(developmentUrl ?? APP_ENTRY_URL)
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

  void app.whenReady().then(async () => {
    guardPermissions(session.defaultSession)
    // Report files are served once the services (and so their registry) have started.
    protocol.handle(APP_SCHEME, (request) =>
      serveAppRequest(request, {
        rendererDir,
        reportFiles: services?.reportFiles ?? null,
        devOrigin: developmentOrigin,
      }),
    )
    try {
      services = await startAppServices({
        dataDir: app.getPath('userData'),
        version: app.getVersion(),
        platform: process.platform,
        secretStore: createKeytarSecretStore(),
        dialogs: electronFileDialogs(dialog, () => mainWindow),
        openExternal: (url) => shell.openExternal(url),
        setMenuLabels: (labels) => {
          menuWords = labels
          setMenu()
        },
        setRecentReports: (entries) => {
          recentEntries = entries
          setMenu()
        },
        setThemeSource: (source) => (nativeTheme.themeSource = source),
        emit,
        logError: (message, error) => console.error(message, error),
        scripts: scriptLocator(appScriptsDir(import.meta.dirname)),
        launchProcess: utilityProcessLauncher(utilityProcess),
        printer: electronPdfPrinter((options) => new BrowserWindow(options)),
      })
    } catch (error) {
      // No window yet to choose a language: the system's decides.
      const { title, text } = describeStartupFailure(error, startupLanguage(app.getLocale()))
      dialog.showErrorBox(title, text)
      app.exit(1)
      return
    }
    const trustedOrigins = [APP_ORIGIN, ...(developmentOrigin ? [developmentOrigin] : [])]
    registerHandlers(ipcMain, services.handlers, {
      trustedOrigins,
      logError: (message, error) => console.error(message, error),
    })
    setMenu()
    mainWindow = openMainWindow()
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) mainWindow = openMainWindow()
    })
  })

  // Electron does not wait for an async will-quit listener: quitting waits here until the
  // services have closed (bulk runs paused, the session's temp folder removed, the database
  // closed), then goes on.
  let closing: Promise<void> | null = null
  app.on('will-quit', (event) => {
    if (services === null) return
    event.preventDefault()
    closing ??= services
      .close()
      .catch((error: unknown) => console.error('GateDesk could not close cleanly', error))
      .finally(() => {
        services = null
        app.quit()
      })
  })
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
}
