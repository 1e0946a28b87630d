import type {
  ValidEnvironmentChanges,
  ValidEnvironmentInput,
} from '../../preload/contract/environments/environment'
import type {
  EnvironmentRepository,
  SandboxEndpoint,
  StoredEnvironment,
  StoredRsaKey,
} from './environments-repository'

/**
 * Environments wherever the workspace keeps them: this desk's SQLite (the local workspace) or
 * the team's PostgreSQL. Either holds settings, keychain account names and the public half of
 * the RSA key, never a secret: those stay in each desk's keychain. Names are unique whatever
 * their case (EnvironmentNameTakenError); the built-in Sandbox is this desk's own.
 */
export interface EnvironmentStore {
  /** Whose environments these are: this desk's own, or the team's (shared by its desks). */
  readonly kept: 'desk' | 'team'
  /** The Sandbox first, then by name. */
  list(): Promise<StoredEnvironment[]>
  find(id: string): Promise<StoredEnvironment | null>
  sandbox(): Promise<StoredEnvironment>
  insert(input: ValidEnvironmentInput): Promise<StoredEnvironment>
  /** Only the fields given change; null when there is no such environment. */
  update(
    id: string,
    changes: ValidEnvironmentChanges | SandboxEndpoint,
  ): Promise<StoredEnvironment | null>
  setControlKeyAccount(id: string, account: string | null): Promise<void>
  /** The key's public half and fingerprint, and the keychain account its private half is under. */
  setRsaKey(id: string, key: StoredRsaKey | null): Promise<void>
  delete(id: string): Promise<boolean>
}

/** The local workspace's environments (synchronous SQLite) as an EnvironmentStore. */
export function localEnvironmentStore(repository: EnvironmentRepository): EnvironmentStore {
  return {
    kept: 'desk',
    list: async () => repository.list(),
    find: async (id) => repository.find(id),
    sandbox: async () => repository.sandbox(),
    insert: async (input) => repository.insert(input),
    update: async (id, changes) => repository.update(id, changes),
    setControlKeyAccount: async (id, account) => repository.setControlKeyAccount(id, account),
    setRsaKey: async (id, key) => repository.setRsaKey(id, key),
    delete: async (id) => repository.delete(id),
  }
}
