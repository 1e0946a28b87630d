import { ExplainedError } from '../../../preload/contract/platform/explained'
import type { SigningSecrets } from '../../platform/gateway/gateway-client'
import { english } from '../../platform/i18n/english'
import { loadRsaPrivateKey } from './rsa-private-key'
import { publicKeyFingerprint } from './public-key-fingerprint'
import type { SecretStore } from '../../platform/keychain/secret-store'

/** Thrown when the keychain's private key is not the one whose public key GateDesk shows. */
export class KeyChangedError extends ExplainedError {
  override readonly name = 'KeyChangedError'
  constructor(params: { environment: string; fingerprint: string; recorded: string }) {
    super(english('key.changed', params), 'key.changed', params)
  }
}

/** What the signing adapter needs to know of an environment. */
export interface SigningEnvironment {
  id: string
  name: string
  /** The fingerprint GateDesk recorded with the key (and showed to staff); null if none. */
  rsaFingerprint: string | null
}

const keychainKey = async (store: SecretStore, environment: SigningEnvironment) =>
  loadRsaPrivateKey(
    await store.get({
      environmentId: environment.id,
      environmentName: environment.name,
      kind: 'rsa-private-key',
    }),
    { sourceCode: 'key.source.keychain', environment: environment.name },
  )

/** The fingerprint of this desk's own RSA key for the environment; null when its keychain has none. */
export async function keychainKeyFingerprint(
  store: SecretStore,
  environment: SigningEnvironment,
): Promise<string | null> {
  const ref = { environmentId: environment.id, environmentName: environment.name }
  if (!(await store.has({ ...ref, kind: 'rsa-private-key' }))) return null
  return publicKeyFingerprint(await keychainKey(store, environment))
}

/** One environment's secrets for the gateway operations, read from the keychain at signing time. */
export function signingSecretsFor(
  store: SecretStore,
  environment: SigningEnvironment,
): SigningSecrets {
  const ref = { environmentId: environment.id, environmentName: environment.name }
  return {
    controlKey: () => store.get({ ...ref, kind: 'control-key' }),
    async rsaPrivateKey() {
      const key = await keychainKey(store, environment)
      // Signing with a key support does not have would only fail at the gateway, less clearly.
      const fingerprint = publicKeyFingerprint(key)
      if (environment.rsaFingerprint !== null && fingerprint !== environment.rsaFingerprint) {
        throw new KeyChangedError({
          environment: environment.name,
          fingerprint,
          recorded: environment.rsaFingerprint,
        })
      }
      return key
    },
  }
}
