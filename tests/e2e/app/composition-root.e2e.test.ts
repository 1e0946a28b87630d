import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTENT_SECURITY_POLICY } from '../../../main/app/security/content-security-policy'
import { channels } from '../../../preload/contract/channels'
import { startBuiltMain, type BuiltMain } from '../harness/main-process/built-main'
import type {
  MainProcessSnapshot,
  SenderFrame,
} from '../harness/main-process/main-process-requests'

const BUNDLE = resolve('out/main/index.js')
const OWN_WINDOW: SenderFrame = { url: 'app://gatedesk/index.html', parent: null }

/** Whether a process of this id still runs (signal 0 only asks). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

// The composition root (main/app/index.ts) as built and shipped, booted in Node: only Electron is a
// stand-in (harness/main-process), the services, the store, the keychain and the sandbox process
// are real.
describe('the built main process', () => {
  let userData: string
  let main: BuiltMain
  let booted: MainProcessSnapshot

  beforeAll(async () => {
    if (!existsSync(BUNDLE) || !existsSync('out/renderer/index.html')) {
      throw new Error('The app is not built: run "npm run build" (npm run test:e2e does it).')
    }
    userData = mkdtempSync(join(tmpdir(), 'gatedesk-main-'))
    main = startBuiltMain(BUNDLE, userData)
    booted = await main.boot()
  })

  afterAll(() => {
    main?.kill()
    if (userData) rmSync(userData, { recursive: true, force: true })
  })

  it('starts with no error box, no exit and no error logged', () => {
    expect(booted.errorBoxes).toEqual([])
    expect(booted.exitCode).toBeNull()
    expect(booted.loggedErrors).toEqual([])
    expect(booted.problems).toEqual([])
  })

  it('serves the window its page over app:// with the Content Security Policy', async () => {
    expect(booted.privilegedSchemes).toEqual([
      {
        scheme: 'app',
        privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true },
      },
    ])
    expect(booted.windows.map((window) => window.loadedUrl)).toEqual(['app://gatedesk/index.html'])
    const page = await main.fetch('app://gatedesk/index.html')
    expect(page.status).toBe(200)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY)
    expect(page.headers['x-content-type-options']).toBe('nosniff')
    expect(page.body).toContain('<title>GateDesk</title>')
  })

  it('serves nothing outside the built renderer, however the path is spelled', async () => {
    // Files of kinds app:// does serve, beside out/renderer: the main bundle and package.json.
    const escapes = [
      'app://gatedesk/..%2fmain%2findex.js',
      'app://gatedesk/%2e%2e%2fmain%2findex.js',
      'app://gatedesk/..%2f..%2fpackage.json',
      'app://gatedesk/..%5c..%5cpackage.json',
      'app://gatedesk/%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      'app://gatedesk/../../etc/passwd',
      'app://gatedesk/report-files/..%2f..%2f..%2fpackage.json',
      'app://elsewhere/index.html',
    ]
    for (const url of escapes) {
      const answer = await main.fetch(url)
      expect({ url, status: answer.status }).toEqual({ url, status: 404 })
      expect(answer.body).toBe('Not found')
    }
  })

  it('opens one window: sandboxed, isolated, no Node, no developer tools when packaged', () => {
    const preload = join(dirname(BUNDLE), '../preload/index.cjs')
    expect(existsSync(preload)).toBe(true)
    expect(booted.windows).toHaveLength(1)
    expect(booted.windows[0]!.options['webPreferences']).toMatchObject({
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      devTools: false,
    })
    expect(booted.permissionHandlers.toSorted()).toEqual(['check', 'request'])
  })

  it('registers every channel of the contract, and no other', () => {
    expect(booted.ipcChannels.toSorted()).toEqual(Object.keys(channels).toSorted())
  })

  it('answers a channel invoked by its own window, the sandbox included', async () => {
    expect(await main.invoke('app:info', undefined, OWN_WINDOW)).toEqual({
      ok: true,
      value: { version: '0.1.0', platform: process.platform },
    })
    expect(await main.invoke('sandbox:overview', undefined, OWN_WINDOW)).toMatchObject({
      ok: true,
      value: { baseUrl: expect.stringMatching(/^https:\/\/127\.0\.0\.1:\d+/) },
    })
  })

  it('refuses every channel to any other sender', async () => {
    const forgedSenders: (SenderFrame | null)[] = [
      { url: 'https://evil.example/', parent: null },
      { url: 'file:///tmp/page.html', parent: null },
      // The app's own origin in a subframe: only the top frame speaks for the window.
      { url: 'app://gatedesk/index.html', parent: {} },
      null,
    ]
    for (const channel of booted.ipcChannels) {
      for (const sender of forgedSenders) {
        const answer = await main.invoke(channel, undefined, sender)
        expect({ channel, sender, answer }).toMatchObject({
          channel,
          sender,
          answer: { ok: false, error: { code: 'forbidden-sender' } },
        })
      }
    }
  })

  it('starts the built-in sandbox in a utility process of its own', () => {
    const sandbox = booted.forks.find((forked) => forked.serviceName === 'GateDesk sandbox')
    // The bundled script in out/scripts, beside out/main, as the packaged app runs it, not the source.
    expect(sandbox).toMatchObject({
      file: join(dirname(BUNDLE), '../scripts/sandbox-process.js'),
      exit: null,
    })
    expect(isRunning(sandbox!.pid!)).toBe(true)
  })

  it('stops every process it started when it quits, with no unhandled rejection', async () => {
    const quit = await main.quit()
    // Quitting waits for the services to close (Electron would not wait), then goes on.
    expect(quit.lifecycle).toEqual([
      'before-quit',
      'close',
      'will-quit',
      'before-quit',
      'will-quit',
      'quit',
    ])
    // Closed before the process ends: the session's temp folder is gone.
    expect(quit.tempAtQuit).toEqual([])
    expect(quit.forks.length).toBeGreaterThan(0)
    for (const forked of quit.forks) {
      expect(forked.exit, forked.file).not.toBeNull()
      expect(isRunning(forked.pid!), forked.file).toBe(false)
    }
    expect(quit.problems).toEqual([])
    expect(quit.loggedErrors).toEqual([])
  })
})
