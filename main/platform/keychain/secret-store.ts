/** The secrets GateDesk keeps per environment. */
export type SecretKind = 'control-key' | 'rsa-private-key'

/** Which secret of which environment; the name is only for messages (ids stay stable). */
export interface EnvironmentSecretRef {
  environmentId: string
  kind: SecretKind
  environmentName?: string
}

/** The key a pasted bulk table is encrypted with (main/bulk/pasted-tables.ts): shredded with it. */
export interface PastedTableKeyRef {
  kind: 'pasted-table-key'
  tableId: string
}

/** The password this desk logs in to its team workspace's PostgreSQL server with. */
export interface WorkspacePasswordRef {
  kind: 'workspace-password'
  /** user@host:port/database: one password per server, database and user. */
  login: string
}

export type SecretRef = EnvironmentSecretRef | PastedTableKeyRef | WorkspacePasswordRef

/**
 * The OS keychain, seen by main alone. Values never leave main: the renderer learns only
 * whether one is present.
 */
export interface SecretStore {
  /** Saves the secret, replacing any earlier one. Refuses an empty value. */
  set(ref: SecretRef, value: string): Promise<void>
  /** Reads the secret, to sign with it; throws SecretMissingError when there is none. */
  get(ref: SecretRef): Promise<string>
  has(ref: SecretRef): Promise<boolean>
  /** Deletes the secret; returns whether there was one. */
  delete(ref: SecretRef): Promise<boolean>
}

/** The keychain account of a secret: one per environment and kind, one per pasted table. */
export function accountName(ref: SecretRef): string {
  if (ref.kind === 'pasted-table-key') return `pasted-table:${ref.tableId}`
  if (ref.kind === 'workspace-password') return `workspace:${ref.login}/password`
  return `${ref.environmentId}/${ref.kind}`
}
