import { describeSecret, type SecretRef } from './secret-store'

export type SecretStoreErrorKind = 'unavailable' | 'locked' | 'access-denied' | 'missing' | 'failed'

/** Why the keychain could not give or keep a secret; `kind` lets the screen react to each. */
export class SecretStoreError extends Error {
  constructor(
    readonly kind: SecretStoreErrorKind,
    message: string,
    cause?: unknown,
  ) {
    super(message, { cause })
    this.name = new.target.name
  }
}

export class SecretServiceUnavailableError extends SecretStoreError {
  constructor(cause?: unknown) {
    const message = `No Secret Service is running (GNOME Keyring or KWallet): start your desktop's keyring, then try again.`
    super('unavailable', message, cause)
  }
}

export class KeychainLockedError extends SecretStoreError {
  constructor(cause?: unknown) {
    const message = `The keychain is locked: unlock it (log in again, or use your desktop's Passwords and Keys app), then try again.`
    super('locked', message, cause)
  }
}

export class KeychainAccessDeniedError extends SecretStoreError {
  constructor(cause?: unknown) {
    const message = `The keychain denied GateDesk access: allow GateDesk when the keychain asks (or in the keychain's settings), then try again.`
    super('access-denied', message, cause)
  }
}

/** keytar's native module did not load: on Linux, libsecret is not installed. */
export class KeychainModuleMissingError extends SecretStoreError {
  constructor(cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause)
    const message = `GateDesk cannot reach the keychain: its keychain module did not load (${reason}). On Linux, install libsecret (Debian/Ubuntu: sudo apt-get install libsecret-1-0; Fedora: sudo dnf install libsecret), then restart GateDesk.`
    super('unavailable', message, cause)
  }
}

const WHAT_TO_DO = {
  'control-key':
    'enter it in Keys & environments (the gateway gives the control key to the merchant).',
  'rsa-private-key':
    'generate a key pair or import your private key in Keys & environments (and send the public key to support).',
} as const

export class SecretMissingError extends SecretStoreError {
  constructor(readonly ref: SecretRef) {
    const message =
      ref.kind === 'pasted-table-key'
        ? `The keychain holds no key for the pasted table ${ref.tableId}: it was shredded.`
        : `The keychain holds no ${describeSecret(ref.kind)} for the environment "${ref.environmentName ?? ref.environmentId}": ${WHAT_TO_DO[ref.kind]}`
    super('missing', message)
  }
}

/** Any other refusal, with the keychain's own words (they never contain the secret). */
export class KeychainFailureError extends SecretStoreError {
  constructor(reason: string, cause?: unknown) {
    const message = `The keychain refused: ${reason}. Check your desktop's keyring, then try again.`
    super('failed', message, cause)
  }
}

// What libsecret/D-Bus (Linux), the macOS Keychain and the Windows Credential Manager say.
const UNAVAILABLE =
  /autolaunch D-Bus|Could not connect|was not provided by any \.service files|ServiceUnknown|dbus-launch|No such interface .*Secret/i
const LOCKED = /locked|interaction is not allowed|prompt was dismissed/i
const ACCESS_DENIED = /AccessDenied|access (is )?denied|not authori[sz]ed|permission|user canceled/i

/** Turns a keychain library error into one of the specific errors above. */
export function classifyKeychainError(error: unknown): SecretStoreError {
  if (error instanceof SecretStoreError) return error
  const reason = error instanceof Error ? error.message : String(error)
  if (UNAVAILABLE.test(reason)) return new SecretServiceUnavailableError(error)
  if (LOCKED.test(reason)) return new KeychainLockedError(error)
  if (ACCESS_DENIED.test(reason)) return new KeychainAccessDeniedError(error)
  return new KeychainFailureError(reason, error)
}
