import type keytarModule from 'keytar'
import {
  classifyKeychainError,
  KeychainModuleMissingError,
  SecretMissingError,
} from './secret-store-errors'
import { accountName, type SecretRef, type SecretStore } from './secret-store'

/** The part of keytar GateDesk uses (findCredentials is left out: it crashes on a locked keyring). */
export type Keytar = Pick<typeof keytarModule, 'getPassword' | 'setPassword' | 'deletePassword'>

// keytar's native module needs libsecret on Linux: loaded on first use, so a computer without it
// still starts, and is told what is missing when a secret is needed.
const importKeytar = async (): Promise<Keytar> => (await import('keytar')).default

export const KEYCHAIN_SERVICE = 'GateDesk'
const PROBE_ACCOUNT = 'unlocked-probe'

async function calling<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation()
  } catch (error) {
    throw classifyKeychainError(error)
  }
}

/**
 * The OS keychain through keytar: the macOS Keychain, the Windows Credential Manager, or the
 * Secret Service (GNOME Keyring, KWallet) on Linux.
 */
export function createKeytarSecretStore(
  options: { service?: string; loadKeytar?: () => Promise<Keytar> } = {},
): SecretStore {
  const service = options.service ?? KEYCHAIN_SERVICE
  const load = options.loadKeytar ?? importKeytar
  let loaded: Promise<Keytar> | undefined
  const keytar = () =>
    (loaded ??= load().catch((error: unknown) => {
      throw new KeychainModuleMissingError(error)
    }))

  /**
   * A locked Secret Service answers a lookup or a delete as if the entry did not exist (once its
   * unlock prompt is dismissed), so "nothing there" is confirmed by a write, which a locked
   * keyring refuses ("Cannot create an item in a locked collection").
   */
  const confirmUnlocked = () =>
    calling(async () => {
      const api = await keytar()
      await api.setPassword(service, PROBE_ACCOUNT, 'probe')
      await api.deletePassword(service, PROBE_ACCOUNT)
    })

  const read = (ref: SecretRef) =>
    calling(async () => (await keytar()).getPassword(service, accountName(ref)))

  async function lookup(ref: SecretRef): Promise<string | null> {
    const value = await read(ref)
    if (value) return value
    await confirmUnlocked()
    // The probe may have unlocked the keyring (the user accepted its prompt): look once more.
    return (await read(ref)) || null
  }

  return {
    async set(ref, value) {
      if (value === '') throw new Error('Refusing to save an empty secret in the keychain')
      await calling(async () => (await keytar()).setPassword(service, accountName(ref), value))
    },
    async get(ref) {
      const value = await lookup(ref)
      if (value === null) throw new SecretMissingError(ref)
      return value
    },
    async has(ref) {
      return (await lookup(ref)) !== null
    },
    async delete(ref) {
      const deleted = await calling(async () =>
        (await keytar()).deletePassword(service, accountName(ref)),
      )
      if (!deleted) await confirmUnlocked()
      return deleted
    },
  }
}
