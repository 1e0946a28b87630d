import type { BrowserWindowConstructorOptions, Session, WebContents } from 'electron'
import { externalUrlToOpen } from './security/external-url'
import { DEFAULT_WINDOW_SIZE, type WindowState } from './window-state'

/**
 * The main window's options: the renderer is sandboxed and isolated, with no Node in reach;
 * a packaged build (`app.isPackaged`) has no developer tools.
 */
export function mainWindowOptions(
  preloadPath: string,
  state: WindowState | null,
  packaged: boolean,
): BrowserWindowConstructorOptions {
  return {
    ...(state
      ? { x: state.x, y: state.y, width: state.width, height: state.height }
      : DEFAULT_WINDOW_SIZE),
    minWidth: 960,
    minHeight: 600,
    title: 'GateDesk',
    show: false,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      devTools: !packaged,
      spellcheck: true,
    },
  }
}

/**
 * Every web contents stays on the app: navigation and redirects are blocked, new windows are
 * denied (an http(s) link opens in the system browser instead), and webviews never attach.
 */
export function hardenWebContents(
  contents: WebContents,
  openExternal: (url: string) => void,
): void {
  contents.on('will-navigate', (event) => event.preventDefault())
  contents.on('will-redirect', (event) => event.preventDefault())
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.setWindowOpenHandler(({ url }) => {
    const external = externalUrlToOpen(url)
    if (external) openExternal(external)
    return { action: 'deny' }
  })
}

// Writing to the clipboard ("Copy public key") is the one thing the window may ask for.
const ALLOWED_PERMISSIONS = new Set(['clipboard-sanitized-write'])

/** No camera, microphone, location, notifications or clipboard reading: all are denied. */
export function guardPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, permission, callback) =>
    callback(ALLOWED_PERMISSIONS.has(permission)),
  )
  session.setPermissionCheckHandler((_contents, permission) => ALLOWED_PERMISSIONS.has(permission))
}
