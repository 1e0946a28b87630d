import { isAbsolute } from 'node:path'
import {
  backupPassphraseSchema,
  controlKeySchema,
  environmentChangesSchema,
  environmentInputSchema,
  keyImportSchema,
  rsaKeySizeSchema,
  type EnvironmentView,
  type KeyImport,
  type RsaPublicKeyView,
  type SecretPresence,
  type SecretStatus,
} from '../../preload/contract/environment'
import type { GatewayEnvironment } from '../gateway/environment'
import type { SigningSecrets } from '../gateway/gateway-client'
import { writeEncryptedPrivateKey } from '../secrets/rsa-key-backup'
import { generateRsaKeyPair } from '../secrets/rsa-key-generation'
import { importRsaPrivateKey } from '../secrets/rsa-key-import'
import type { RsaKeyPair } from '../secrets/rsa-key-pair'
import {
  accountName,
  type SecretKind,
  type SecretRef,
  type SecretStore,
} from '../secrets/secret-store'
import { signingSecretsFor } from '../secrets/signing-secrets'
import type { Db } from '../store/database'
import {
  createEnvironmentRepository,
  type SandboxEndpoint,
  type StoredEnvironment,
} from '../store/environments-repository'
import { EnvironmentError } from './environment-error'
import { toGatewayEnvironment } from './gateway-environment'
import { checkCertificates, validate } from './validate'

export interface EnvironmentServiceDeps {
  db: Db
  secrets: SecretStore
  now?: () => Date
}

export type KeyGenerationStage = 'generating' | 'saving'

export interface KeyReplacement {
  /** Replace the environment's RSA key. Without it, an existing key is never overwritten. */
  replace?: boolean
}

export interface KeyGenerationOptions extends KeyReplacement {
  /** 4096 (default) or 2048. */
  bits?: number
  onProgress?: (stage: KeyGenerationStage) => void
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

const secretRef = (environment: StoredEnvironment, kind: SecretKind): SecretRef => ({
  environmentId: environment.id,
  environmentName: environment.name,
  kind,
})

/**
 * Environments and their secrets: the service behind the Keys & environments screen and the
 * CLI. What it returns holds names, settings, public keys and fingerprints, never a secret.
 */
export function createEnvironmentService({
  db,
  secrets,
  now = () => new Date(),
}: EnvironmentServiceDeps) {
  const environments = createEnvironmentRepository(db, now)

  function stored(id: string): StoredEnvironment {
    const environment = environments.find(id)
    if (!environment) {
      throw new EnvironmentError(
        'not-found',
        `No environment has the id ${JSON.stringify(id).slice(0, 60)}: it may have been removed. Pick one from the list.`,
      )
    }
    return environment
  }

  function editable(id: string, action: string): StoredEnvironment {
    const environment = stored(id)
    if (environment.kind === 'sandbox') {
      throw new EnvironmentError(
        'built-in',
        `The built-in Sandbox cannot be ${action}: GateDesk sets it up itself each time the Sandbox starts.`,
      )
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

  async function saveKeyPair(
    environment: StoredEnvironment,
    pair: RsaKeyPair,
  ): Promise<RsaPublicKeyView> {
    const ref = secretRef(environment, 'rsa-private-key')
    // The keychain first: the public key is recorded only once its private half is safe.
    await secrets.set(ref, pair.privateKeyPem)
    const { publicKeyPem, fingerprint, bits } = pair
    environments.setRsaKey(environment.id, {
      account: accountName(ref),
      publicKeyPem,
      fingerprint,
      bits,
    })
    return { publicKeyPem, fingerprint, bits }
  }

  function withoutKey(id: string, options: KeyReplacement): StoredEnvironment {
    const environment = stored(id)
    if (environment.rsaKey && !options.replace) {
      throw new EnvironmentError(
        'key-present',
        `The environment "${environment.name}" already has an RSA key (fingerprint ${environment.rsaKey.fingerprint}). Replacing it stops update requests from working until support has the new public key: back the old key up first, then confirm the replacement.`,
      )
    }
    return environment
  }

  function rsaKeyOf(id: string) {
    const environment = stored(id)
    if (!environment.rsaKey) {
      throw new EnvironmentError(
        'no-key',
        `The environment "${environment.name}" has no RSA key yet: generate a key pair or import your private key first.`,
      )
    }
    return { environment, rsaKey: environment.rsaKey }
  }

  return {
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

    /**
     * Generates an RSA key pair offline; the private key goes straight to the keychain. Returns
     * the public key and its fingerprint, for support.
     */
    async generateKeyPair(
      id: string,
      options: KeyGenerationOptions = {},
    ): Promise<RsaPublicKeyView> {
      const bits = validate(rsaKeySizeSchema, options.bits)
      withoutKey(id, options)
      options.onProgress?.('generating')
      const pair = await generateRsaKeyPair(bits)
      options.onProgress?.('saving')
      // Checked again: the environment may have changed during the seconds generation takes.
      return saveKeyPair(withoutKey(id, options), pair)
    },

    /** Imports an existing private key (PKCS#1 or PKCS#8 PEM, maybe passphrase-protected). */
    async importPrivateKey(
      id: string,
      input: KeyImport,
      options: KeyReplacement = {},
    ): Promise<RsaPublicKeyView> {
      const valid = validate(keyImportSchema, input)
      const environment = withoutKey(id, options)
      return saveKeyPair(environment, importRsaPrivateKey(valid))
    },

    async removeKeyPair(id: string): Promise<void> {
      await secrets.delete(secretRef(stored(id), 'rsa-private-key'))
      environments.setRsaKey(id, null)
    },

    publicKey(id: string): RsaPublicKeyView {
      const { publicKeyPem, fingerprint, bits } = rsaKeyOf(id).rsaKey
      return { publicKeyPem, fingerprint, bits }
    },

    /**
     * Writes the private key, protected by `passphrase`, to `file` (an absolute path the user
     * chose in a main-side save dialog). The only way a private key leaves the keychain.
     */
    async backupPrivateKey(id: string, file: string, passphrase: string): Promise<void> {
      const valid = validate(backupPassphraseSchema, passphrase)
      if (!isAbsolute(file)) {
        throw new EnvironmentError(
          'invalid-input',
          `The backup file must be a full path, not "${file}"`,
        )
      }
      const { environment } = rsaKeyOf(id)
      const pem = await secrets.get(secretRef(environment, 'rsa-private-key'))
      await writeEncryptedPrivateKey(pem, file, valid)
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
