import { createPrivateKey, randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAppServices, type AppServices } from '../../../main/app/app-services'
import type { FileDialogs } from '../../../main/platform/electron/dialogs'
import {
  createEventEmitter,
  registerHandlers,
  type InvokeEventLike,
  type IpcMainLike,
} from '../../../main/platform/electron/ipc'
import { createKeytarSecretStore } from '../../../main/platform/keychain/keytar-secret-store'
import { forkLauncher } from '../../../main/platform/workers/fork-launcher'
import { sourceScript } from '../../../main/platform/workers/script-ref'
import type { ChannelName } from '../../../preload/contract/channels'
import type { IpcResult } from '../../../preload/contract/platform/ipc-result'
import { startTestSandbox, type TestSandbox } from '../../fixtures/sandbox'

// "The private key never reaches the window": the app's real services and handlers (real store,
// real keychain, a sandbox gateway on loopback) bound by the checked binder as the app binds
// them. Keys are generated and imported, then used; everything the window would receive, every
// reply and every event, is searched for a private key, with or without its PEM armour.
const dir = mkdtempSync(join(tmpdir(), 'gatedesk-key-channels-'))
const secretStore = createKeytarSecretStore({ service: `GateDesk-test-${randomUUID()}` })
let nextOpen: string | null = null
let nextSave: string | null = null
const dialogs: FileDialogs = {
  chooseFileToOpen: async () => nextOpen,
  chooseFileToSave: async () => nextSave,
}
/** Everything the window received: replies and events, as JSON. */
const received: string[] = []
const listeners = new Map<string, (event: InvokeEventLike, payload: unknown) => unknown>()
const ipc: IpcMainLike = { handle: (name, listener) => listeners.set(name, listener) }
let services: AppServices
let gateway: TestSandbox

beforeAll(async () => {
  gateway = await startTestSandbox()
  services = await startAppServices({
    dataDir: join(dir, 'data'),
    version: '0.1.0-test',
    platform: 'linux',
    secretStore,
    dialogs,
    openExternal: async () => undefined,
    emit: createEventEmitter((event, payload) => received.push(JSON.stringify([event, payload]))),
    logError: () => undefined,
    scripts: sourceScript,
    launchProcess: forkLauncher,
    printer: { print: () => Promise.reject(new Error('this test prints nothing')) },
  })
  registerHandlers(ipc, services.handlers, {
    trustedOrigins: ['app://gatedesk'],
    logError: () => undefined,
  })
}, 60_000)
afterAll(async () => {
  await services?.close()
  await gateway?.stop()
  gateway?.remove()
  rmSync(dir, { recursive: true, force: true })
})

/** Calls a channel as the app's window does, keeping what came back. */
async function invoke<T = unknown>(channel: ChannelName, payload?: object): Promise<IpcResult<T>> {
  const frame = { url: 'app://gatedesk/index.html', parent: null }
  const result = (await listeners.get(channel)!({ senderFrame: frame }, payload)) as IpcResult<T>
  received.push(JSON.stringify([channel, result]))
  return result
}

async function value<T>(channel: ChannelName, payload?: object): Promise<T> {
  const result = await invoke<T>(channel, payload)
  if (!result.ok) throw new Error(`${channel} failed: ${JSON.stringify(result.error)}`)
  return result.value
}

/** A PEM's base64 lines: any one of them in the window would be part of the key. */
const base64Lines = (pem: string) =>
  pem.split(/\r?\n/).filter((line) => line.length >= 16 && !line.startsWith('-----'))

const keyFile = (name: string, pem: string) => {
  const file = join(dir, name)
  writeFileSync(file, pem)
  return file
}

async function newEnvironment(name: string): Promise<string> {
  const { connection } = gateway.sandbox
  const created = await value<{ id: string }>('environments:create', {
    name,
    kind: 'integration',
    baseUrl: gateway.sandbox.baseUrl,
    endpointId: connection.endpointId,
    merchantLogin: connection.merchantLogin,
    extraCaPem: readFileSync(connection.caCertFile, 'utf8'),
  })
  await value('environments:set-control-key', { id: created.id, controlKey: gateway.controlKey })
  return created.id
}

describe('the private key and the window', () => {
  it('never reaches it, through any reply or event, once keys are generated, imported and used', async () => {
    const secrets: string[] = []
    const plainPem = readFileSync(gateway.sandbox.connection.privateKeyFile, 'utf8')
    const passphrase = 'correct horse battery staple'
    const encryptedPem = createPrivateKey(plainPem).export({
      type: 'pkcs8',
      format: 'pem',
      cipher: 'aes-256-cbc',
      passphrase,
    }) as string
    secrets.push(plainPem, encryptedPem)

    // Imported: a key file cut short, then the key encrypted, its passphrase asked for.
    const imported = await newEnvironment('Imported key')
    const lines = plainPem.trim().split('\n')
    nextOpen = keyFile('cut-short.pem', [...lines.slice(0, 6), lines.at(-1)].join('\n'))
    await value('environments:choose-key-file', { id: imported })
    expect(await invoke('environments:import-key-file', { id: imported })).toMatchObject({
      ok: false,
    })
    nextOpen = keyFile('encrypted.pem', encryptedPem)
    await value('environments:choose-key-file', { id: imported })
    expect(await value('environments:import-key-file', { id: imported })).toMatchObject({
      status: 'needs-passphrase',
    })
    expect(
      await value('environments:import-key-file', { id: imported, passphrase: 'wrong' }),
    ).toMatchObject({ status: 'needs-passphrase' })
    expect(await value('environments:import-key-file', { id: imported, passphrase })).toMatchObject(
      { status: 'imported', key: { bits: 2048 } },
    )

    // Generated: the private half goes straight to the keychain.
    const generated = await newEnvironment('Generated key')
    await value('environments:generate-key-pair', { id: generated, bits: 2048 })

    // Used: every channel that reads, shows, saves or signs with the keys, and their failures.
    for (const id of [imported, generated]) {
      await value('environments:secret-status', { id })
      nextSave = join(dir, `${id}-public.pem`)
      await value('environments:save-public-key', { id })
      nextSave = join(dir, `${id}-backup.pem`)
      await value('environments:backup-private-key', { id, passphrase: 'backup passphrase 1' })
      await invoke('environments:check-connection', { id })
      expect(await invoke('environments:generate-key-pair', { id, bits: 2048 })).toMatchObject({
        ok: false,
      })
    }
    // Every key in the keychain: these two and the built-in Sandbox's, which the app put there.
    for (const { id } of await value<{ id: string }[]>('environments:list')) {
      const ref = { environmentId: id, kind: 'rsa-private-key' as const }
      if (await secretStore.has(ref)) secrets.push(await secretStore.get(ref))
    }
    const profileId = gateway.sandbox.service.profiles()[0]!.id
    const update = { 'client-orderid': 'KEY-1', 'recurring-payment-id': profileId, amount: '5.00' }
    await value('recurring:preview', { environmentId: imported, parameters: update })
    expect(
      await value('recurring:send', { environmentId: imported, parameters: update }),
    ).toMatchObject({ outcome: 'approved' })
    await value('history:search', {})
    await value('app:info')

    const leaks = received.flatMap((text) => [
      ...(text.includes('PRIVATE KEY') ? [`PRIVATE KEY in ${text.slice(0, 120)}`] : []),
      ...secrets
        .flatMap(base64Lines)
        .filter((line) => text.includes(line))
        .map((line) => `${line} in ${text.slice(0, 120)}`),
    ])
    expect(leaks).toEqual([])
    expect(received.filter((text) => text.includes(gateway.controlKey))).toEqual([])
    expect(secrets.flatMap(base64Lines).length).toBeGreaterThan(5 * 20)
    expect(received.length).toBeGreaterThan(20)
  }, 60_000)
})
