import { describe, expect, it } from 'vitest'
import { devServerUrl } from '../../../main/app/security/dev-server-url'

describe('devServerUrl: where the window loads from while developing', () => {
  it("takes electron-vite's local dev server when the app is not packaged", () => {
    expect(devServerUrl('http://localhost:5173', { isPackaged: false })).toBe(
      'http://localhost:5173/',
    )
    expect(devServerUrl('http://127.0.0.1:5173/index.html', { isPackaged: false })).toBe(
      'http://127.0.0.1:5173/index.html',
    )
  })

  it('ignores ELECTRON_RENDERER_URL in the packaged app, even a local one', () => {
    expect(devServerUrl('http://localhost:5173', { isPackaged: true })).toBeNull()
    expect(devServerUrl('http://127.0.0.1:5173', { isPackaged: true })).toBeNull()
  })

  it('refuses anything but http://localhost and http://127.0.0.1', () => {
    for (const url of [
      'https://evil.example/',
      'http://evil.example:5173/',
      'http://localhost.evil.example:5173/',
      'http://127.0.0.1.nip.io:5173/',
      'http://localhost:5173@evil.example/',
      'http://user:pw@localhost:5173/',
      'http://192.168.1.10:5173/',
      'http://0.0.0.0:5173/',
      'https://localhost:5173/',
      'file:///tmp/index.html',
      'javascript:alert(1)',
      'localhost:5173',
      '',
    ]) {
      expect(devServerUrl(url, { isPackaged: false }), url).toBeNull()
    }
    expect(devServerUrl(undefined, { isPackaged: false })).toBeNull()
  })
})
