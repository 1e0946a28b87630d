const DEV_SERVER_HOSTS = new Set(['localhost', '127.0.0.1'])

/**
 * The dev server the window loads from instead of app:// (electron-vite sets
 * ELECTRON_RENDERER_URL), or null. Its origin is trusted with every channel, so it is taken only
 * when the app is not packaged, and only as plain http on this machine: an installed GateDesk
 * started with the variable set loads its own files.
 */
export function devServerUrl(
  text: string | undefined,
  app: { isPackaged: boolean },
): string | null {
  if (app.isPackaged || !text) return null
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' || !DEV_SERVER_HOSTS.has(url.hostname)) return null
  if (url.username || url.password) return null
  return url.href
}
