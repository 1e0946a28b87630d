import type { SecretKind, SecretRef } from '../platform/keychain/secret-store'
import type { StoredEnvironment } from './environments-repository'

/** Names one of an environment's keychain entries. */
export const secretRef = (environment: StoredEnvironment, kind: SecretKind): SecretRef => ({
  environmentId: environment.id,
  environmentName: environment.name,
  kind,
})
