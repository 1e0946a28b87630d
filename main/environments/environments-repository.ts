import { randomUUID } from 'node:crypto'
import type {
  EnvironmentKind,
  EnvironmentView,
  ValidEnvironmentChanges,
  ValidEnvironmentInput,
} from '../../preload/contract/environments/environment'
import type { Db } from '../platform/db/database'
import { ExplainedError } from '../../preload/contract/platform/explained'
import { english } from '../platform/i18n/english'

/** An environment as stored: settings, keychain references and the public half of its RSA key. */
export interface StoredEnvironment extends Omit<EnvironmentView, 'builtIn' | 'rsaPublicKey'> {
  /** The keychain account its control key was saved under; null when none was saved. */
  controlKeyAccount: string | null
  rsaKey: StoredRsaKey | null
}

export interface StoredRsaKey {
  account: string
  publicKeyPem: string
  fingerprint: string
  bits: number
}

/** Where the running Sandbox listens and as whom GateDesk talks to it. */
export interface SandboxEndpoint {
  baseUrl: string
  extraCaPem: string | null
  endpointId: string
  merchantLogin: string
}

/** A row of the environments table as SQLite returns it. */
export interface EnvironmentRow {
  id: string
  name: string
  kind: EnvironmentKind
  base_url: string | null
  endpoint_id: string
  merchant_login: string
  update_recurring_path: string
  report_path: string
  oauth_in_body: number
  extra_ca_pem: string | null
  control_key_account: string | null
  rsa_key_account: string | null
  rsa_public_key_pem: string | null
  rsa_fingerprint: string | null
  rsa_bits: number | null
  created_at: string
  updated_at: string
}

export const toEnvironment = (row: EnvironmentRow): StoredEnvironment => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  baseUrl: row.base_url,
  endpointId: row.endpoint_id,
  merchantLogin: row.merchant_login,
  updateRecurringPath: row.update_recurring_path,
  reportPath: row.report_path,
  oauthInBody: row.oauth_in_body === 1,
  extraCaPem: row.extra_ca_pem,
  controlKeyAccount: row.control_key_account,
  rsaKey:
    row.rsa_key_account === null
      ? null
      : {
          account: row.rsa_key_account,
          publicKeyPem: row.rsa_public_key_pem!,
          fingerprint: row.rsa_fingerprint!,
          bits: row.rsa_bits!,
        },
  createdAt: row.created_at,
  updatedAt: row.updated_at,
})

/** The table's column of each stored field a write may set. */
export const ENVIRONMENT_COLUMNS = {
  name: 'name',
  kind: 'kind',
  baseUrl: 'base_url',
  endpointId: 'endpoint_id',
  merchantLogin: 'merchant_login',
  updateRecurringPath: 'update_recurring_path',
  reportPath: 'report_path',
  oauthInBody: 'oauth_in_body',
  extraCaPem: 'extra_ca_pem',
  controlKeyAccount: 'control_key_account',
  rsaKeyAccount: 'rsa_key_account',
  rsaPublicKeyPem: 'rsa_public_key_pem',
  rsaFingerprint: 'rsa_fingerprint',
  rsaBits: 'rsa_bits',
} as const

export type ColumnValues = Partial<
  Record<keyof typeof ENVIRONMENT_COLUMNS, string | number | boolean | null>
>

/** The columns of an RSA key: all set, or all cleared with `null`. */
export const rsaKeyColumns = (key: StoredRsaKey | null): ColumnValues => ({
  rsaKeyAccount: key?.account ?? null,
  rsaPublicKeyPem: key?.publicKeyPem ?? null,
  rsaFingerprint: key?.fingerprint ?? null,
  rsaBits: key?.bits ?? null,
})

/** Thrown when another environment already has the name (names are compared ignoring case). */
export class EnvironmentNameTakenError extends ExplainedError {
  override readonly name = 'EnvironmentNameTakenError'
  constructor(name: string) {
    super(english('environments.name-taken', { name }), 'environments.name-taken', { name })
  }
}

/** Runs a write that may set `name`, reporting a taken name in words staff understand. */
function withUniqueName<T>(name: unknown, write: () => T): T {
  try {
    return write()
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string }
    if (code === 'SQLITE_CONSTRAINT_UNIQUE' && message?.includes('environments.name')) {
      throw new EnvironmentNameTakenError(String(name))
    }
    throw error
  }
}

export function createEnvironmentRepository(db: Db, now: () => Date = () => new Date()) {
  const find = (id: string): StoredEnvironment | null => {
    const row = db.prepare(`SELECT * FROM environments WHERE id = ?`).get(id) as
      EnvironmentRow | undefined
    return row ? toEnvironment(row) : null
  }

  /** Writes the given columns; returns the environment as stored, or null if it does not exist. */
  const write = (id: string, values: ColumnValues): StoredEnvironment | null => {
    const entries = Object.entries(values).filter(([, value]) => value !== undefined)
    const assignments = entries.map(
      ([key]) => `${ENVIRONMENT_COLUMNS[key as keyof typeof ENVIRONMENT_COLUMNS]} = @${key}`,
    )
    const parameters = Object.fromEntries(
      entries.map(([key, value]) => [key, typeof value === 'boolean' ? Number(value) : value]),
    )
    withUniqueName(values.name, () =>
      db
        .prepare(
          `UPDATE environments SET ${[...assignments, 'updated_at = @updatedAt'].join(', ')} WHERE id = @id`,
        )
        .run({ ...parameters, updatedAt: now().toISOString(), id }),
    )
    return find(id)
  }

  return {
    /** The Sandbox first, then by name. */
    list(): StoredEnvironment[] {
      const rows = db
        .prepare(`SELECT * FROM environments ORDER BY kind <> 'sandbox', name`)
        .all() as EnvironmentRow[]
      return rows.map(toEnvironment)
    },

    find,

    sandbox(): StoredEnvironment {
      const row = db.prepare(`SELECT * FROM environments WHERE kind = 'sandbox'`).get() as
        EnvironmentRow | undefined
      return toEnvironment(row!)
    },

    insert(input: ValidEnvironmentInput): StoredEnvironment {
      const id = randomUUID()
      const createdAt = now().toISOString()
      withUniqueName(input.name, () =>
        db
          .prepare(
            `INSERT INTO environments (id, name, kind, base_url, endpoint_id, merchant_login,
               update_recurring_path, report_path, oauth_in_body, extra_ca_pem, created_at, updated_at)
             VALUES (@id, @name, @kind, @baseUrl, @endpointId, @merchantLogin,
               @updateRecurringPath, @reportPath, @oauthInBody, @extraCaPem, @createdAt, @createdAt)`,
          )
          .run({ ...input, oauthInBody: Number(input.oauthInBody), id, createdAt }),
      )
      return find(id)!
    },

    update(
      id: string,
      changes: ValidEnvironmentChanges | SandboxEndpoint,
    ): StoredEnvironment | null {
      return write(id, changes)
    },

    setControlKeyAccount(id: string, account: string | null): void {
      write(id, { controlKeyAccount: account })
    },

    setRsaKey(id: string, key: StoredRsaKey | null): void {
      write(id, rsaKeyColumns(key))
    },

    delete(id: string): boolean {
      return db.prepare(`DELETE FROM environments WHERE id = ?`).run(id).changes > 0
    },
  }
}

export type EnvironmentRepository = ReturnType<typeof createEnvironmentRepository>
