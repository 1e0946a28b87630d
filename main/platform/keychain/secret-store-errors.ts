import type { MessageCode } from '../../../preload/contract/locales/explain'
import { ExplainedError, type MessageParams } from '../../../preload/contract/platform/explained'
import { english } from '../i18n/english'
import type { SecretRef } from './secret-store'

export type SecretStoreErrorKind = 'unavailable' | 'locked' | 'access-denied' | 'missing' | 'failed'

/**
 * Why the keychain could not give or keep a secret; `kind` lets the screen react to each, the
 * code words it in the window's language (keychain.*).
 */
export class SecretStoreError extends ExplainedError {
  constructor(
    readonly kind: SecretStoreErrorKind,
    code: MessageCode,
    params: MessageParams = {},
    cause?: unknown,
  ) {
    super(english(code, params), code, params, { cause })
    this.name = new.target.name
  }
}

export class SecretServiceUnavailableError extends SecretStoreError {
  constructor(cause?: unknown) {
    super('unavailable', 'keychain.unavailable', {}, cause)
  }
}

export class KeychainLockedError extends SecretStoreError {
  constructor(cause?: unknown) {
    super('locked', 'keychain.locked', {}, cause)
  }
}

export class KeychainAccessDeniedError extends SecretStoreError {
  constructor(cause?: unknown) {
    super('access-denied', 'keychain.access-denied', {}, cause)
  }
}

/** keytar's native module did not load: on Linux, libsecret is not installed. */
export class KeychainModuleMissingError extends SecretStoreError {
  constructor(cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause)
    super('unavailable', 'keychain.module-missing', { reason }, cause)
  }
}

export class SecretMissingError extends SecretStoreError {
  constructor(readonly ref: SecretRef) {
    super(
      'missing',
      `keychain.missing.${ref.kind}`,
      ref.kind === 'pasted-table-key'
        ? { table: ref.tableId }
        : ref.kind === 'workspace-password'
          ? {}
          : { environment: ref.environmentName ?? ref.environmentId },
    )
  }
}

/** Any other refusal, with the keychain's own words (they never contain the secret). */
export class KeychainFailureError extends SecretStoreError {
  constructor(reason: string, cause?: unknown) {
    super('failed', 'keychain.failed', { reason }, cause)
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
