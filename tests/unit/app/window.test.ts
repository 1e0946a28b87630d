import type { Session, WebContents } from 'electron'
import { describe, expect, it, vi } from 'vitest'
import { guardPermissions, hardenWebContents, mainWindowOptions } from '../../../main/app/window'

/** A stand-in for Electron's WebContents that records the listeners the app installs. */
function fakeWebContents() {
  const listeners = new Map<string, (event: { preventDefault(): void }, url: string) => void>()
  let openHandler: ((details: { url: string }) => { action: string }) | undefined
  const contents = {
    on: (name: string, listener: (event: { preventDefault(): void }, url: string) => void) =>
      listeners.set(name, listener),
    setWindowOpenHandler: (handler: typeof openHandler) => (openHandler = handler),
  }
  const fire = (name: string, url: string) => {
    const event = { preventDefault: vi.fn() }
    listeners.get(name)!(event, url)
    return event.preventDefault
  }
  return {
    contents: contents as unknown as WebContents,
    fire,
    open: (url: string) => openHandler!({ url }),
  }
}

describe('the main window', () => {
  it('is sandboxed and isolated with no Node integration', () => {
    const { webPreferences } = mainWindowOptions('/app/preload/index.cjs', null, true)
    expect(webPreferences).toMatchObject({
      preload: '/app/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
    })
  })

  it('has developer tools only when not packaged', () => {
    expect(mainWindowOptions('p', null, true).webPreferences?.devTools).toBe(false)
    expect(mainWindowOptions('p', null, false).webPreferences?.devTools).toBe(true)
  })

  it('opens where it was left', () => {
    const options = mainWindowOptions(
      'p',
      { x: 40, y: 50, width: 1400, height: 900, maximized: false },
      true,
    )
    expect(options).toMatchObject({ x: 40, y: 50, width: 1400, height: 900 })
  })

  it('blocks navigation, redirects and webviews', () => {
    const { contents, fire } = fakeWebContents()
    hardenWebContents(contents, vi.fn())
    for (const name of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
      expect(fire(name, 'https://evil.example/'), name).toHaveBeenCalled()
    }
  })

  it('denies new windows, sending http(s) links to the system browser only', () => {
    const openExternal = vi.fn()
    const { contents, open } = fakeWebContents()
    hardenWebContents(contents, openExternal)
    expect(open('https://docs.example.com/')).toEqual({ action: 'deny' })
    expect(open('file:///etc/passwd')).toEqual({ action: 'deny' })
    expect(openExternal.mock.calls).toEqual([['https://docs.example.com/']])
  })

  it('denies every permission but writing to the clipboard', () => {
    let requestHandler:
      ((c: unknown, p: string, cb: (granted: boolean) => void) => void) | undefined
    let checkHandler: ((c: unknown, p: string) => boolean) | undefined
    const session = {
      setPermissionRequestHandler: (h: typeof requestHandler) => (requestHandler = h),
      setPermissionCheckHandler: (h: typeof checkHandler) => (checkHandler = h),
    }
    guardPermissions(session as unknown as Session)
    const callback = vi.fn()
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read']) {
      requestHandler!(null, permission, callback)
    }
    expect(callback.mock.calls.every(([granted]) => granted === false)).toBe(true)
    expect(callback).toHaveBeenCalledTimes(4)
    expect(checkHandler!(null, 'clipboard-read')).toBe(false)
    const allowed = vi.fn()
    requestHandler!(null, 'clipboard-sanitized-write', allowed)
    expect(allowed).toHaveBeenCalledWith(true)
    expect(checkHandler!(null, 'clipboard-sanitized-write')).toBe(true)
  })
})
