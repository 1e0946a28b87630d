import {
  controlKeySchema,
  environmentChangesSchema,
  environmentInputSchema,
  type EnvironmentView,
  type SecretPresence,
  type SecretStatus,
} from '../../preload/contract/environments/environment'
import type { GatewayEnvironment } from '../platform/gateway/environment'
import type { SigningSecrets } from '../platform/gateway/gateway-client'
import { accountName, type SecretKind, type SecretStore } from '../platform/keychain/secret-store'
import { signingSecretsFor } from './keys/signing-secrets'
import type { Db } from '../platform/db/database'
import {
  createEnvironmentRepository,
  type SandboxEndpoint,
  type StoredEnvironment,
} from './environments-repository'
import { coded } from '../platform/i18n/english'
import { EnvironmentError } from './environment-error'
import { createEnvironmentKeys } from './environment-keys'
import type { RsaKeyPairGenerator } from './keys/rsa-key-generation-process'
import { secretRef } from './environment-secret-ref'
import { toGatewayEnvironment } from './gateway-environment'
import { checkCertificates, validate } from './validate'

export interface EnvironmentServiceDeps {
  db: Db
  secrets: SecretStore
  now?: () => Date
  /** Where key pairs are made (createEnvironmentKeys' default: in this process). */
  generateKeyPair?: RsaKeyPairGenerator
}

const sandboxEndpointSchema = environmentChangesSchema
  .pick({ baseUrl: true, endpointId: true, merchantLogin: true, extraCaPem: true })
  .required()

function toView(environment: StoredEnvironment): EnvironmentView {
  const { rsaKey } = environment
  return {
    id: environment.id,
    name: environment.name,
    kind: environment.kind,
    builtIn: environment.kind === 'sandbox',
    baseUrl: environment.baseUrl,
    endpointId: environment.endpointId,
    merchantLogin: environment.merchantLogin,
    updateRecurringPath: environment.updateRecurringPath,
    reportPath: environment.reportPath,
    oauthInBody: environment.oauthInBody,
    extraCaPem: environment.extraCaPem,
    rsaPublicKey: rsaKey && {
      publicKeyPem: rsaKey.publicKeyPem,
      fingerprint: rsaKey.fingerprint,
      bits: rsaKey.bits,
    },
    createdAt: environment.createdAt,
    updatedAt: environment.updatedAt,
  }
}

/**
 * Environments and their secrets: the service behind the Keys & environments screen and the
 * CLI. What it returns holds names, settings, public keys and fingerprints, never a secret.
 */
export function createEnvironmentService({
  db,
  secrets,
  now = () => new Date(),
  generateKeyPair,
}: EnvironmentServiceDeps) {
  const environments = createEnvironmentRepository(db, now)

  function stored(id: string): StoredEnvironment {
    const environment = environments.find(id)
    if (!environment) {
      throw new EnvironmentError(
        'not-found',
        coded('environments.not-found', { id: JSON.stringify(id).slice(0, 60) }),
      )
    }
    return environment
  }

  function editable(id: string, action: 'changed' | 'removed'): StoredEnvironment {
    const environment = stored(id)
    if (environment.kind === 'sandbox') {
      throw new EnvironmentError('built-in', coded(`environments.built-in.${action}`))
    }
    return environment
  }

  async function presence(
    environment: StoredEnvironment,
    kind: SecretKind,
    saved: boolean,
  ): Promise<SecretPresence> {
    if (await secrets.has(secretRef(environment, kind))) return 'present'
    return saved ? 'missing' : 'absent'
  }

  return {
    ...createEnvironmentKeys({ environments, secrets, stored, generateKeyPair }),

    /** Every environment, the built-in Sandbox first. */
    list(): EnvironmentView[] {
      return environments.list().map(toView)
    },

    get(id: string): EnvironmentView {
      return toView(stored(id))
    },

    create(input: unknown): EnvironmentView {
      const valid = validate(environmentInputSchema, input)
      checkCertificates(valid.extraCaPem)
      return toView(environments.insert(valid))
    },

    update(id: string, changes: unknown): EnvironmentView {
      const valid = validate(environmentChangesSchema, changes)
      checkCertificates(valid.extraCaPem)
      editable(id, 'changed')
      return toView(environments.update(id, valid)!)
    },

    /** Removes the environment and its keychain entries; its history stays, under its name. */
    async remove(id: string): Promise<void> {
      const environment = editable(id, 'removed')
      // The keychain first: if it refuses, nothing is removed and no secret is left behind.
      await secrets.delete(secretRef(environment, 'control-key'))
      await secrets.delete(secretRef(environment, 'rsa-private-key'))
      environments.delete(id)
    },

    /** Called by the app when the embedded Sandbox has started, with where it listens. */
    connectSandbox(endpoint: SandboxEndpoint): EnvironmentView {
      const valid = validate(sandboxEndpointSchema, endpoint)
      checkCertificates(valid.extraCaPem)
      const sandbox = environments.sandbox()
      return toView(environments.update(sandbox.id, valid)!)
    },

    async setControlKey(id: string, controlKey: unknown): Promise<void> {
      const key = validate(controlKeySchema, controlKey)
      const environment = stored(id)
      const ref = secretRef(environment, 'control-key')
      await secrets.set(ref, key)
      environments.setControlKeyAccount(id, accountName(ref))
    },

    async removeControlKey(id: string): Promise<void> {
      await secrets.delete(secretRef(stored(id), 'control-key'))
      environments.setControlKeyAccount(id, null)
    },

    /** Whether each secret is in the keychain; the renderer sees this, never the secrets. */
    async secretStatus(id: string): Promise<SecretStatus> {
      const environment = stored(id)
      return {
        controlKey: await presence(
          environment,
          'control-key',
          environment.controlKeyAccount !== null,
        ),
        rsaKey: await presence(environment, 'rsa-private-key', environment.rsaKey !== null),
        fingerprint: environment.rsaKey?.fingerprint ?? null,
      }
    },

    gatewayEnvironment(id: string): GatewayEnvironment {
      return toGatewayEnvironment(stored(id))
    },

    /** The environment's secrets for the gateway operations, read at signing time, in main only. */
    signingSecrets(id: string): SigningSecrets {
      const environment = stored(id)
      return signingSecretsFor(secrets, {
        id: environment.id,
        name: environment.name,
        rsaFingerprint: environment.rsaKey?.fingerprint ?? null,
      })
    },
  }
}

export type EnvironmentService = ReturnType<typeof createEnvironmentService>
