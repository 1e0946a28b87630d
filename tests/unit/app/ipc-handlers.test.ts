import { generateKeyPairSync } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import {
  registerHandlers,
  type Handlers,
  type InvokeEventLike,
  type IpcMainLike,
} from '../../../main/platform/electron/ipc'
import { channels, type ChannelName } from '../../../preload/contract/channels'
import { CsvError } from '../../../main/platform/csv/csv-error'
import { ExplainedError } from '../../../preload/contract/platform/explained'

const APP = 'app://gatedesk'

/** Registers every channel on a fake ipcMain whose handlers are spies, as the app does. */
function setup(overrides: Partial<Handlers> = {}) {
  const registered = new Map<string, (event: InvokeEventLike, payload: unknown) => unknown>()
  const ipc: IpcMainLike = { handle: (name, listener) => registered.set(name, listener) }
  const spies = Object.fromEntries(
    (Object.keys(channels) as ChannelName[]).map((name) => [name, vi.fn(async () => ({}))]),
  )
  const logError = vi.fn()
  registerHandlers(ipc, { ...spies, ...overrides } as unknown as Handlers, {
    trustedOrigins: [APP],
    logError,
  })
  const call = (name: string, payload: unknown, frame: InvokeEventLike['senderFrame']) =>
    registered.get(name)!({ senderFrame: frame }, payload)
  return { registered, spies, call, logError }
}

const topFrame = (url: string) => ({ url, parent: null })

describe('registerHandlers', () => {
  it('registers every channel of the contract', () => {
    expect([...setup().registered.keys()].sort()).toEqual(Object.keys(channels).sort())
  })

  const forged: [string, InvokeEventLike['senderFrame']][] = [
    ['no frame', null],
    ['a foreign site', topFrame('https://evil.example/')],
    ['a file:// page', topFrame('file:///tmp/page.html')],
    ['a look-alike host', topFrame('app://gatedesk.evil/')],
    ['a subframe of the app', { url: `${APP}/index.html`, parent: {} }],
  ]
  for (const [label, frame] of forged) {
    it(`every channel refuses a sender from ${label}, without running its service`, async () => {
      const { call, spies } = setup()
      for (const name of Object.keys(channels)) {
        const result = await call(name, undefined, frame)
        expect(result, name).toMatchObject({ ok: false, error: { code: 'forbidden-sender' } })
      }
      for (const spy of Object.values(spies)) expect(spy).not.toHaveBeenCalled()
    })
  }

  it('runs the service for the app window and checks its output', async () => {
    const { call } = setup({ 'app:info': async () => ({ version: '1.2.3', platform: 'linux' }) })
    expect(await call('app:info', undefined, topFrame(`${APP}/index.html`))).toEqual({
      ok: true,
      value: { version: '1.2.3', platform: 'linux' },
    })
  })

  it('refuses input outside the contract, listing the failing paths', async () => {
    const { call, spies } = setup()
    const result = await call('app:open-external', { url: 'x'.repeat(5000) }, topFrame(`${APP}/`))
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'invalid-input', issues: [{ path: 'url' }] },
    })
    expect(spies['app:open-external']).not.toHaveBeenCalled()
  })

  it('never lets output outside the contract reach the window', async () => {
    const leaky = async () =>
      ({ version: '-----BEGIN RSA PRIVATE KEY-----', platform: 'x' }) as never
    const { call, logError } = setup({ 'app:info': leaky })
    const result = await call('app:info', undefined, topFrame(`${APP}/`))
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'invalid-output',
        message: '"app:info" failed inside GateDesk.',
        messageCode: 'ipc.failed-inside',
        params: { channel: 'app:info' },
      },
    })
    expect(JSON.stringify(result)).not.toContain('PRIVATE KEY')
    expect(logError).toHaveBeenCalled()
  })

  it('never lets a private key in a thrown error reach the window', async () => {
    const pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    }) as string
    const { call, logError } = setup({
      'app:info': async () => {
        throw new Error(`Could not load the key:\n${pem}`)
      },
    })
    const result = await call('app:info', undefined, topFrame(`${APP}/`))
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'failed',
        message: '"app:info" failed inside GateDesk.',
        messageCode: 'ipc.failed-inside',
        params: { channel: 'app:info' },
      },
    })
    expect(JSON.stringify(result)).not.toContain('PRIVATE KEY')
    expect(JSON.stringify(result)).not.toContain(pem.split('\n')[1])
    expect(logError).toHaveBeenCalled()
  })

  it('turns a service failure into an error result with its message', async () => {
    const { call } = setup({
      'app:info': async () => {
        throw new Error('The keychain is locked')
      },
    })
    expect(await call('app:info', undefined, topFrame(`${APP}/`))).toMatchObject({
      ok: false,
      error: { code: 'failed', message: 'The keychain is locked' },
    })
  })

  it("keeps an explained failure's code and values, for the window to word it", async () => {
    const { call } = setup({
      'app:info': async () => {
        throw new ExplainedError('The keychain is locked', 'keychain.locked', {
          service: 'GateDesk',
        })
      },
    })
    expect(await call('app:info', undefined, topFrame(`${APP}/`))).toEqual({
      ok: false,
      error: {
        code: 'failed',
        message: 'The keychain is locked',
        messageCode: 'keychain.locked',
        params: { service: 'GateDesk' },
      },
    })
  })

  it('keeps the code of an error that carries one as ExplainedError does, and drops an odd one', async () => {
    const empty = new CsvError('empty-file', { file: 'a.csv' })
    const odd = Object.assign(new Error('Quota exceeded'), { messageCode: 'QUOTA_EXCEEDED' })
    const { call } = setup({
      'app:info': async () => {
        throw empty
      },
      'app:open-external': async () => {
        throw odd
      },
    })
    expect(await call('app:info', undefined, topFrame(`${APP}/`))).toEqual({
      ok: false,
      error: {
        code: 'failed',
        message: empty.message,
        messageCode: 'report.csv.empty-file',
        params: { file: 'a.csv' },
      },
    })
    expect(
      await call('app:open-external', { url: 'https://example.com' }, topFrame(`${APP}/`)),
    ).toEqual({ ok: false, error: { code: 'failed', message: 'Quota exceeded' } })
  })
})

describe('the one place handlers are bound', () => {
  const root = join(import.meta.dirname, '../../..')
  const sources = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name)
      return statSync(path).isDirectory() ? sources(path) : /\.(ts|vue)$/.test(name) ? [path] : []
    })

  it('has no bare ipcMain.handle( or ipcMain.on( anywhere in the app', () => {
    const offenders = ['main', 'preload', 'renderer']
      .flatMap((dir) => sources(join(root, dir)))
      .filter((file) =>
        /ipcMain\s*\.\s*(handle|handleOnce|on)\s*\(/.test(readFileSync(file, 'utf8')),
      )
      .map((file) => relative(root, file))
    expect(offenders).toEqual([])
  })

  it('loads Electron at run time only in the two entry files, keeping the rest testable', () => {
    const runtimeImport = /^import\s+(?!type\b)[^;]*?from\s+['"]electron['"]/m
    const importers = ['main', 'preload', 'renderer']
      .flatMap((dir) => sources(join(root, dir)))
      .filter((file) => runtimeImport.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file))
      .sort()
    expect(importers).toEqual(['main/app/index.ts', 'preload/index.ts'])
  })
})
