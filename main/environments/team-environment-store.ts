import { randomUUID } from 'node:crypto'
import type pg from 'pg'
import { isUniqueViolation } from '../platform/team-db/team-transaction'
import type { EnvironmentStore } from './environment-store'
import {
  ENVIRONMENT_COLUMNS,
  EnvironmentNameTakenError,
  rsaKeyColumns,
  toEnvironment,
  type ColumnValues,
  type EnvironmentRow,
  type StoredEnvironment,
} from './environments-repository'

/** A row as PostgreSQL returns it: a boolean as such, times as Dates. */
interface TeamEnvironmentRow extends Omit<
  EnvironmentRow,
  'oauth_in_body' | 'created_at' | 'updated_at'
> {
  oauth_in_body: boolean
  created_at: Date
  updated_at: Date
}

const COLUMNS = `id, name, kind, base_url, endpoint_id, merchant_login, update_recurring_path,
  report_path, oauth_in_body, extra_ca_pem, control_key_account, rsa_key_account,
  rsa_public_key_pem, rsa_fingerprint, rsa_bits, created_at, updated_at`

const environmentOf = (row: TeamEnvironmentRow): StoredEnvironment =>
  toEnvironment({
    ...row,
    oauth_in_body: Number(row.oauth_in_body),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  })

/**
 * The team's environments in its PostgreSQL workspace (schema v7, gatedesk.environments), without
 * their secrets: each desk keeps its control key and private key in its own keychain, under the
 * account the row names, and checks its key against the row's fingerprint before it sends. The
 * built-in Sandbox runs on each desk: it comes from, and changes in, this desk's own `local`
 * store, and no team environment may take its name.
 */
export function createTeamEnvironmentStore(deps: {
  pool: pg.Pool
  local: EnvironmentStore
  now?: () => Date
}): EnvironmentStore {
  const { pool, local, now = () => new Date() } = deps

  async function teamRow(id: string): Promise<StoredEnvironment | null> {
    const { rows } = await pool.query<TeamEnvironmentRow>(
      `SELECT ${COLUMNS} FROM gatedesk.environments WHERE id = $1`,
      [id],
    )
    return rows[0] ? environmentOf(rows[0]) : null
  }

  const isSandbox = async (id: string) => id === (await local.sandbox()).id

  /** Runs a write that may set `name`: a name taken here or by the Sandbox is refused. */
  async function naming<T>(name: unknown, write: () => Promise<T>): Promise<T> {
    if (typeof name === 'string') {
      const sandbox = await local.sandbox()
      if (name.toLowerCase() === sandbox.name.toLowerCase())
        throw new EnvironmentNameTakenError(name)
    }
    try {
      return await write()
    } catch (error) {
      if (isUniqueViolation(error)) throw new EnvironmentNameTakenError(String(name))
      throw error
    }
  }

  /** Writes the given columns; the environment as stored, or null if it does not exist. */
  async function write(id: string, values: ColumnValues): Promise<StoredEnvironment | null> {
    const entries = Object.entries(values).filter(([, value]) => value !== undefined)
    const assignments = entries.map(
      ([key], index) =>
        `${ENVIRONMENT_COLUMNS[key as keyof typeof ENVIRONMENT_COLUMNS]} = $${index + 3}`,
    )
    await naming(values.name, () =>
      pool.query(
        `UPDATE gatedesk.environments
         SET ${[...assignments, 'updated_at = $2', 'updated_by = current_user'].join(', ')}
         WHERE id = $1`,
        [id, now(), ...entries.map(([, value]) => value)],
      ),
    )
    return teamRow(id)
  }

  return {
    kept: 'team',
    async list() {
      const { rows } = await pool.query<TeamEnvironmentRow>(
        `SELECT ${COLUMNS} FROM gatedesk.environments ORDER BY lower(name)`,
      )
      return [await local.sandbox(), ...rows.map(environmentOf)]
    },

    find: async (id) => ((await isSandbox(id)) ? local.find(id) : teamRow(id)),

    sandbox: () => local.sandbox(),

    async insert(input) {
      const id = randomUUID()
      await naming(input.name, () =>
        pool.query(
          `INSERT INTO gatedesk.environments (id, name, kind, base_url, endpoint_id,
             merchant_login, update_recurring_path, report_path, oauth_in_body, extra_ca_pem,
             created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)`,
          [
            id,
            input.name,
            input.kind,
            input.baseUrl,
            input.endpointId,
            input.merchantLogin,
            input.updateRecurringPath,
            input.reportPath,
            input.oauthInBody,
            input.extraCaPem,
            now(),
          ],
        ),
      )
      return (await teamRow(id))!
    },

    update: async (id, changes) =>
      (await isSandbox(id)) ? local.update(id, changes) : write(id, changes),

    async setControlKeyAccount(id, account) {
      if (await isSandbox(id)) return local.setControlKeyAccount(id, account)
      await write(id, { controlKeyAccount: account })
    },

    async setRsaKey(id, key) {
      if (await isSandbox(id)) return local.setRsaKey(id, key)
      await write(id, rsaKeyColumns(key))
    },

    async delete(id) {
      if (await isSandbox(id)) return local.delete(id)
      const { rowCount } = await pool.query('DELETE FROM gatedesk.environments WHERE id = $1', [id])
      return (rowCount ?? 0) > 0
    },
  }
}
