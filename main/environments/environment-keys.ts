import { isAbsolute } from 'node:path'
import {
  backupPassphraseSchema,
  keyImportSchema,
  rsaKeySizeSchema,
  type KeyImport,
  type RsaPublicKeyView,
} from '../../preload/contract/environments/environment'
import { writeEncryptedPrivateKey } from './keys/rsa-key-backup'
import { generateRsaKeyPair } from './keys/rsa-key-generation'
import type { RsaKeyPairGenerator } from './keys/rsa-key-generation-process'
import { importRsaPrivateKey } from './keys/rsa-key-import'
import type { RsaKeyPair } from './keys/rsa-key-pair'
import { accountName, type SecretStore } from '../platform/keychain/secret-store'
import type { EnvironmentStore } from './environment-store'
import type { StoredEnvironment } from './environments-repository'
import { coded } from '../platform/i18n/english'
import { EnvironmentError } from './environment-error'
import { secretRef } from './environment-secret-ref'
import { validate } from './validate'

export type KeyGenerationStage = 'generating' | 'saving'

export interface KeyReplacement {
  /** Replace the environment's RSA key. Without it, an existing key is never overwritten. */
  replace?: boolean
}

export interface KeyGenerationOptions extends KeyReplacement {
  /** 4096 (default) or 2048. */
  bits?: number
  onProgress?: (stage: KeyGenerationStage) => void
  /** Cancels the generation; nothing is saved once it aborts. */
  signal?: AbortSignal
}

export interface EnvironmentKeysDeps {
  /** Where the environment with this id is kept now. */
  storeOf: (id: string) => Promise<EnvironmentStore>
  secrets: SecretStore
  /** The environment with this id, or a not-found error. */
  stored: (id: string) => Promise<StoredEnvironment>
  /** Where key pairs are made: in this process unless given (the app gives a process of their own). */
  generateKeyPair?: RsaKeyPairGenerator
}

const generateHere: RsaKeyPairGenerator = (bits) => generateRsaKeyPair(bits)

/** An environment's RSA key pair: made or imported, backed up, removed; its private half stays in the keychain. */
export function createEnvironmentKeys({
  storeOf,
  secrets,
  stored,
  generateKeyPair = generateHere,
}: EnvironmentKeysDeps) {
  async function saveKeyPair(
    environment: StoredEnvironment,
    pair: RsaKeyPair,
  ): Promise<RsaPublicKeyView> {
    const ref = secretRef(environment, 'rsa-private-key')
    // The keychain first: the public key is recorded only once its private half is safe.
    await secrets.set(ref, pair.privateKeyPem)
    const { publicKeyPem, fingerprint, bits } = pair
    // The team's environment records this very key already: this desk only keeps its own copy.
    const recorded = environment.rsaKey
    if (recorded?.fingerprint !== fingerprint || recorded.account !== accountName(ref)) {
      await (
        await storeOf(environment.id)
      ).setRsaKey(environment.id, {
        account: accountName(ref),
        publicKeyPem,
        fingerprint,
        bits,
      })
    }
    return { publicKeyPem, fingerprint, bits }
  }

  async function withoutKey(id: string, options: KeyReplacement): Promise<StoredEnvironment> {
    const environment = await stored(id)
    if (environment.rsaKey && !options.replace) {
      throw new EnvironmentError(
        'key-present',
        coded('environments.key-present', {
          environment: environment.name,
          fingerprint: environment.rsaKey.fingerprint,
        }),
      )
    }
    return environment
  }

  async function rsaKeyOf(id: string) {
    const environment = await stored(id)
    if (!environment.rsaKey) {
      throw new EnvironmentError(
        'no-key',
        coded('environments.no-key', { environment: environment.name }),
      )
    }
    return { environment, rsaKey: environment.rsaKey }
  }

  return {
    /**
     * Generates an RSA key pair offline; the private key goes straight to the keychain. Returns
     * the public key and its fingerprint, for support.
     */
    async generateKeyPair(
      id: string,
      options: KeyGenerationOptions = {},
    ): Promise<RsaPublicKeyView> {
      const bits = validate(rsaKeySizeSchema, options.bits)
      await withoutKey(id, options)
      const signal = options.signal ?? new AbortController().signal
      options.onProgress?.('generating')
      const pair = await generateKeyPair(bits, signal)
      // A cancel that came as the key arrived still means nothing is saved.
      signal.throwIfAborted()
      options.onProgress?.('saving')
      // Checked again: the environment may have changed during the seconds generation takes.
      return saveKeyPair(await withoutKey(id, options), pair)
    },

    /** Imports an existing private key (PKCS#1 or PKCS#8 PEM, maybe passphrase-protected). */
    async importPrivateKey(
      id: string,
      input: KeyImport,
      options: KeyReplacement = {},
    ): Promise<RsaPublicKeyView> {
      const valid = validate(keyImportSchema, input)
      const environment = await withoutKey(id, options)
      return saveKeyPair(environment, importRsaPrivateKey(valid))
    },

    async removeKeyPair(id: string): Promise<void> {
      await secrets.delete(secretRef(await stored(id), 'rsa-private-key'))
      await (await storeOf(id)).setRsaKey(id, null)
    },

    async publicKey(id: string): Promise<RsaPublicKeyView> {
      const { publicKeyPem, fingerprint, bits } = (await rsaKeyOf(id)).rsaKey
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
          coded('environments.backup-not-absolute', { file }),
        )
      }
      const { environment } = await rsaKeyOf(id)
      const pem = await secrets.get(secretRef(environment, 'rsa-private-key'))
      await writeEncryptedPrivateKey(pem, file, valid)
    },
  }
}
