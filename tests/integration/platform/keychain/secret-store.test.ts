import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { createKeytarSecretStore } from '../../../../main/platform/keychain/keytar-secret-store'
import type { SecretKind, SecretRef } from '../../../../main/platform/keychain/secret-store'
import {
  KeychainLockedError,
  SecretMissingError,
  SecretServiceUnavailableError,
} from '../../../../main/platform/keychain/secret-store-errors'

// Runs inside tests/with-keyring.sh: a real Secret Service with a throwaway, unlocked keyring.
const run = promisify(execFile)
const service = `GateDesk-test-${randomUUID()}`
const store = createKeytarSecretStore({ service })
const ref = (environmentId: string, kind: SecretKind = 'control-key'): SecretRef => ({
  environmentId,
  kind,
  environmentName: 'Integration',
})

const child = new URL('../../../fixtures/keychain-child.ts', import.meta.url).pathname
const withKeyring = new URL('../../../with-keyring.sh', import.meta.url).pathname

/** Runs keychain operations in a child process: with `env`, or in a private keyring of its own. */
async function inChild(
  operations: string[],
  options: { env?: NodeJS.ProcessEnv; privateKeyring?: boolean },
) {
  const node = [process.execPath, '--import', 'tsx', child, service, ...operations]
  const [file, ...args] = options.privateKeyring ? [withKeyring, ...node] : node
  const { stdout } = await run(file!, args, { env: options.env ?? process.env })
  return stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
}

describe('the keychain secret store (real Secret Service)', () => {
  it('keeps, reads, checks and deletes a secret', async () => {
    const secret = ref(randomUUID())
    await store.set(secret, 'A1B2C3D4-E5F6')
    expect(await store.has(secret)).toBe(true)
    expect(await store.get(secret)).toBe('A1B2C3D4-E5F6')
    await store.set(secret, 'replaced')
    expect(await store.get(secret)).toBe('replaced')
    expect(await store.delete(secret)).toBe(true)
    expect(await store.has(secret)).toBe(false)
    expect(await store.delete(secret)).toBe(false)
  })

  it('keeps each environment and each kind of secret apart', async () => {
    const [production, integration] = [randomUUID(), randomUUID()]
    await store.set(ref(production), 'production control key')
    await store.set(ref(production, 'rsa-private-key'), 'production rsa key')
    await store.set(ref(integration), 'integration control key')
    expect(await store.get(ref(production))).toBe('production control key')
    expect(await store.get(ref(production, 'rsa-private-key'))).toBe('production rsa key')
    expect(await store.get(ref(integration))).toBe('integration control key')
    await store.delete(ref(production))
    expect(await store.get(ref(integration))).toBe('integration control key')
    expect(await store.has(ref(production, 'rsa-private-key'))).toBe(true)
  })

  it('says which secret of which environment is missing, and what to do', async () => {
    const missing = ref(randomUUID(), 'rsa-private-key')
    await expect(store.get(missing)).rejects.toThrow(SecretMissingError)
    await expect(store.get(missing)).rejects.toThrow(
      'The keychain holds no RSA private key for the environment "Integration": generate a key pair or import your private key',
    )
    await expect(store.get(ref(randomUUID()))).rejects.toThrow(
      'holds no control key for the environment "Integration": enter it in Keys & environments',
    )
  })

  it('never saves an empty secret', async () => {
    const secret = ref(randomUUID())
    await expect(store.set(secret, '')).rejects.toThrow('Refusing to save an empty secret')
    expect(await store.has(secret)).toBe(false)
  })

  it('says plainly that no Secret Service is running, whatever keytar reports', async () => {
    const noBus = { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' }
    const noSession = { ...process.env }
    delete noSession['DBUS_SESSION_BUS_ADDRESS']
    delete noSession['DISPLAY']
    for (const env of [noBus, noSession]) {
      const results = await inChild(['set', 'get', 'has', 'delete'], { env })
      for (const result of results) {
        expect(result.error).toEqual({
          name: SecretServiceUnavailableError.name,
          kind: 'unavailable',
          message:
            "No Secret Service is running (GNOME Keyring or KWallet): start your desktop's keyring, then try again.",
        })
      }
    }
  })

  it('says the keychain is locked instead of reporting the secret missing', async () => {
    // A private keyring of its own, so locking it leaves the other tests' keyring alone.
    const results = await inChild(['set', 'lock', 'get', 'has', 'delete', 'set'], {
      privateKeyring: true,
    })
    expect(results[0]).toEqual({ op: 'set', value: null })
    for (const result of results.slice(2)) {
      expect(result.error.name).toBe(KeychainLockedError.name)
      expect(result.error.message).toBe(
        "The keychain is locked: unlock it (log in again, or use your desktop's Passwords and Keys app), then try again.",
      )
    }
  })
})
