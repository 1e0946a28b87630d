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
import { keychainKeyFingerprint, signingSecretsFor } from './keys/signing-secrets'
import { sendingKeyCheck, type SendingKeyCheck } from './sending-key-check'
import type { Db } from '../platform/db/database'
import {
  createEnvironmentRepository,
  type SandboxEndpoint,
  type StoredEnvironment,
} from './environments-repository'
import { localEnvironmentStore, type EnvironmentStore } from './environment-store'
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
  /**
   * Where the environments are kept, resolved on each call: the app's follows the desk's
   * workspace (the team's store, or this desk's). This desk's SQLite unless given.
   */
  store?: () => Promise<EnvironmentStore>
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

/** The environment found for `id`, or the not-found refusal. */
function found(id: string, environment: StoredEnvironment | null): StoredEnvironment {
  if (!environment) {
    throw new EnvironmentError(
      'not-found',
      coded('environments.not-found', { id: JSON.stringify(id).slice(0, 60) }),
    )
  }
  return environment
}

/**
 * Environments already at hand, read synchronously: a workspace's list read once before a send
 * or a run starts (`reads()`), or this desk's own SQLite (`local`, which bulk updates use).
 */
export interface EnvironmentReads {
  /** The Sandbox first, then by name. */
  list(): EnvironmentView[]
  get(id: string): EnvironmentView
  gatewayEnvironment(id: string): GatewayEnvironment
  /** The environment's secrets for the gateway operations, read at signing time, in main only. */
  signingSecrets(id: string): SigningSecrets
  /**
   * Before a send to a team's environment: whether this desk's own key is the one the team
   * recorded (the gateway has its public half), else the warning that names both fingerprints.
   * This desk's own environments record this desk's key: always sent.
   */
  keyCheck(id: string): Promise<SendingKeyCheck>
}

function signingSecretsOf(secrets: SecretStore, environment: StoredEnvironment): SigningSecrets {
  return signingSecretsFor(secrets, {
    id: environment.id,
    name: environment.name,
    rsaFingerprint: environment.rsaKey?.fingerprint ?? null,
  })
}

function readsOf(
  secrets: SecretStore,
  environments: {
    kept: EnvironmentStore['kept']
    list(): StoredEnvironment[]
    find(id: string): StoredEnvironment | null
  },
): EnvironmentReads {
  const stored = (id: string) => found(id, environments.find(id))
  return {
    list: () => environments.list().map(toView),
    get: (id) => toView(stored(id)),
    gatewayEnvironment: (id) => toGatewayEnvironment(stored(id)),
    signingSecrets: (id) => signingSecretsOf(secrets, stored(id)),
    async keyCheck(id) {
      const environment = stored(id)
      if (environments.kept === 'desk' || environment.kind === 'sandbox') return { send: true }
      const expectedFingerprint = environment.rsaKey?.fingerprint ?? null
      const own = await keychainKeyFingerprint(secrets, {
        id: environment.id,
        name: environment.name,
        rsaFingerprint: expectedFingerprint,
      })
      return sendingKeyCheck({ name: environment.name, expectedFingerprint }, own)
    },
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
  store,
}: EnvironmentServiceDeps) {
  const repository = createEnvironmentRepository(db, now)
  const local = localEnvironmentStore(repository)
  const environments = store ?? (async () => local)

  /** Where the environment `id` is kept: the built-in Sandbox on this desk, whatever the workspace. */
  const storeOf = async (id: string) => (id === (await local.sandbox()).id ? local : environments())
  const stored = async (id: string) => found(id, await (await storeOf(id)).find(id))

  async function editable(id: string, action: 'changed' | 'removed'): Promise<StoredEnvironment> {
    const environment = await stored(id)
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
    ...createEnvironmentKeys({ storeOf, secrets, stored, generateKeyPair }),

    /** Every environment, the built-in Sandbox first. */
    async list(): Promise<EnvironmentView[]> {
      return (await (await environments()).list()).map(toView)
    },

    get: async (id: string): Promise<EnvironmentView> => toView(await stored(id)),

    async create(input: unknown): Promise<EnvironmentView> {
      const valid = validate(environmentInputSchema, input)
      checkCertificates(valid.extraCaPem)
      return toView(await (await environments()).insert(valid))
    },

    async update(id: string, changes: unknown): Promise<EnvironmentView> {
      const valid = validate(environmentChangesSchema, changes)
      checkCertificates(valid.extraCaPem)
      await editable(id, 'changed')
      return toView((await (await storeOf(id)).update(id, valid))!)
    },

    /** Removes the environment and its keychain entries; its history stays, under its name. */
    async remove(id: string): Promise<void> {
      const environment = await editable(id, 'removed')
      // The keychain first: if it refuses, nothing is removed and no secret is left behind.
      await secrets.delete(secretRef(environment, 'control-key'))
      await secrets.delete(secretRef(environment, 'rsa-private-key'))
      await (await storeOf(id)).delete(id)
    },

    /**
     * Called by the app when the embedded Sandbox has started, with where it listens. The
     * Sandbox is this desk's own in either workspace.
     */
    async connectSandbox(endpoint: SandboxEndpoint): Promise<EnvironmentView> {
      const valid = validate(sandboxEndpointSchema, endpoint)
      checkCertificates(valid.extraCaPem)
      const sandbox = await local.sandbox()
      return toView((await local.update(sandbox.id, valid))!)
    },

    async setControlKey(id: string, controlKey: unknown): Promise<void> {
      const key = validate(controlKeySchema, controlKey)
      const environment = await stored(id)
      const ref = secretRef(environment, 'control-key')
      await secrets.set(ref, key)
      // A team's environment names the account already once any desk has set its key: a desk
      // that keeps its own key under it changes nothing the team shares (nor needs the right to).
      if (environment.controlKeyAccount !== accountName(ref)) {
        await (await storeOf(id)).setControlKeyAccount(id, accountName(ref))
      }
    },

    async removeControlKey(id: string): Promise<void> {
      await secrets.delete(secretRef(await stored(id), 'control-key'))
      await (await storeOf(id)).setControlKeyAccount(id, null)
    },

    /** Whether each secret is in the keychain; the renderer sees this, never the secrets. */
    async secretStatus(id: string): Promise<SecretStatus> {
      const environment = await stored(id)
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

    gatewayEnvironment: async (id: string): Promise<GatewayEnvironment> =>
      toGatewayEnvironment(await stored(id)),

    /** The environment's secrets for the gateway operations, read at signing time, in main only. */
    signingSecrets: async (id: string): Promise<SigningSecrets> =>
      signingSecretsOf(secrets, await stored(id)),

    /** The workspace's environments as they are now, read once, for a send or a run. */
    async reads(): Promise<EnvironmentReads> {
      const store = await environments()
      const list = await store.list()
      return readsOf(secrets, {
        kept: store.kept,
        list: () => list,
        find: (id) => list.find((environment) => environment.id === id) ?? null,
      })
    },

    /** This desk's own environments, whatever the workspace: bulk updates' (the desk's own). */
    local: readsOf(secrets, { kept: 'desk', ...repository }),
  }
}

export type EnvironmentService = ReturnType<typeof createEnvironmentService>
