import { describe, expect, it } from 'vitest'
import {
  createKeytarSecretStore,
  type Keytar,
} from '../../../../main/platform/keychain/keytar-secret-store'
import {
  KeychainAccessDeniedError,
  KeychainFailureError,
  KeychainLockedError,
  KeychainModuleMissingError,
  SecretServiceUnavailableError,
} from '../../../../main/platform/keychain/secret-store-errors'

// What the keychains of the three systems answer when they refuse; the real keychain cannot be
// made to say each of these on demand, so a keytar that says them stands in.
function refusingKeytar(message: string): Keytar {
  const refuse = async () => {
    throw new Error(message)
  }
  return { getPassword: refuse, setPassword: refuse, deletePassword: refuse }
}

const ref = { environmentId: 'e', kind: 'control-key' } as const

describe('keychain refusals become specific errors', () => {
  const cases: [string, new (...args: never[]) => Error, RegExp][] = [
    [
      'Cannot autolaunch D-Bus without X11 $DISPLAY',
      SecretServiceUnavailableError,
      /No Secret Service is running/,
    ],
    [
      'The name org.freedesktop.secrets was not provided by any .service files',
      SecretServiceUnavailableError,
      /No Secret Service is running/,
    ],
    ['Cannot create an item in a locked collection', KeychainLockedError, /keychain is locked/],
    ['User interaction is not allowed.', KeychainLockedError, /keychain is locked/],
    [
      'org.freedesktop.DBus.Error.AccessDenied: Rejected send message',
      KeychainAccessDeniedError,
      /denied GateDesk access/,
    ],
    ['Access is denied.', KeychainAccessDeniedError, /denied GateDesk access/],
    ['User canceled the operation.', KeychainAccessDeniedError, /denied GateDesk access/],
    [
      'Object does not exist at path “/org/freedesktop/secrets/collection/login”',
      KeychainFailureError,
      /^The keychain refused: Object does not exist at path .*Check your desktop's keyring/,
    ],
  ]
  for (const [said, errorClass, message] of cases) {
    it(`"${said}"`, async () => {
      const store = createKeytarSecretStore({ loadKeytar: async () => refusingKeytar(said) })
      for (const operation of [
        () => store.get(ref),
        () => store.has(ref),
        () => store.set(ref, 'v'),
        () => store.delete(ref),
      ]) {
        const error = await operation().catch((e: unknown) => e)
        expect(error).toBeInstanceOf(errorClass)
        expect((error as Error).message).toMatch(message)
      }
    })
  }
})

describe('a computer without libsecret', () => {
  // What loading keytar says there: its native module needs libsecret-1.so.0.
  const missing = new Error(
    'libsecret-1.so.0: cannot open shared object file: No such file or directory',
  )

  it('starts, and says the keychain is missing when a secret is needed', async () => {
    let loads = 0
    const store = createKeytarSecretStore({
      loadKeytar: async () => {
        loads++
        throw missing
      },
    })
    expect(loads).toBe(0)
    for (const operation of [
      () => store.get(ref),
      () => store.has(ref),
      () => store.set(ref, 'v'),
      () => store.delete(ref),
    ]) {
      const error = await operation().catch((e: unknown) => e)
      expect(error).toBeInstanceOf(KeychainModuleMissingError)
      expect(error).toMatchObject({ kind: 'unavailable', cause: missing })
      expect((error as Error).message).toMatch(/^GateDesk cannot reach the keychain/)
      expect((error as Error).message).toContain('libsecret')
    }
  })
})
