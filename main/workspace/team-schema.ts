import type pg from 'pg'
import { explainedError } from '../platform/i18n/english'
import { TEAM_MIGRATIONS, type TeamMigration } from './team-migrations'
import { roleOf, type TeamRole } from './team-roles'

/** The schema version this GateDesk writes and reads. */
export const TEAM_SCHEMA_VERSION = TEAM_MIGRATIONS.at(-1)!.version

/** The oldest server a workspace runs on (the features the schema uses). */
export const MINIMUM_SERVER_VERSION = 130000

/** Who uses the workspace: the audit trail's "who". */
export interface Desk {
  osUser: string
  deskName: string
  appVersion: string
}

export interface OpenedWorkspace {
  /** As the server reports it, e.g. "16.4". */
  serverVersion: string
  schemaVersion: number
  /** Migrations this desk applied now (0 when the workspace was up to date). */
  migrated: number
  /** What the database lets this desk's user do; null: no role in the workspace. */
  role: TeamRole | null
}

// Any fixed number: desks that open the workspace at once wait for each other's migrations.
const SCHEMA_LOCK = 0x6761_7465

const versionText = (number: number) => `${Math.floor(number / 10000)}.${number % 10000}`

/**
 * Opens the team workspace on a connected client: refuses a server too old, and a schema newer
 * than this app knows (told to update, nothing changed); creates or upgrades an older one
 * (several desks at once wait for each other); records the desk as a user of the workspace.
 */
export async function openWorkspace(client: pg.ClientBase, desk: Desk): Promise<OpenedWorkspace> {
  const { serverNumber, ...who } = await checkedServer(client)
  await client.query('BEGIN')
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK])
    const found = refuseNewer(await schemaVersion(client))
    const pending = TEAM_MIGRATIONS.filter((migration) => migration.version > found)
    for (const migration of pending) await migrate(client, migration, who)
    if (pending.length > 0) {
      await client.query(
        'INSERT INTO gatedesk.schema_version (version, app_version) VALUES ($1, $2)',
        [TEAM_SCHEMA_VERSION, desk.appVersion],
      )
    }
    await client.query(
      `INSERT INTO gatedesk.desks (os_user, desk_name, app_version) VALUES ($1, $2, $3)
       ON CONFLICT (os_user, desk_name)
       DO UPDATE SET app_version = excluded.app_version, db_user = current_user, last_seen = now()`,
      [desk.osUser, desk.deskName, desk.appVersion],
    )
    const role = await roleOf(client)
    await client.query('COMMIT')
    return {
      serverVersion: versionText(serverNumber),
      schemaVersion: TEAM_SCHEMA_VERSION,
      migrated: pending.length,
      role,
    }
  } catch (error) {
    await client.query('ROLLBACK')
    throw error
  }
}

/**
 * The open workspace as it is now, read on `client` (a pool kept open), with no lock and
 * nothing written: what a desk's periodic check needs. A server or schema this app cannot work
 * with is refused as openWorkspace refuses it; null when the schema is older than this app's,
 * which only openWorkspace may upgrade.
 */
export async function readWorkspace(
  client: Pick<pg.ClientBase, 'query'>,
): Promise<OpenedWorkspace | null> {
  const { serverNumber } = await checkedServer(client)
  const found = refuseNewer(await schemaVersion(client))
  if (found < TEAM_SCHEMA_VERSION) return null
  const role = await roleOf(client)
  return { serverVersion: versionText(serverNumber), schemaVersion: found, migrated: 0, role }
}

/** The server's version (refused when too old), the user and the database. */
async function checkedServer(client: Pick<pg.ClientBase, 'query'>) {
  const { rows } = await client.query<{ v: string; user: string; database: string }>(
    `SELECT current_setting('server_version_num') AS v, current_user AS user,
       current_database() AS database`,
  )
  const { v, user, database } = rows[0]!
  const serverNumber = Number(v)
  if (serverNumber < MINIMUM_SERVER_VERSION) {
    throw explainedError('workspace.check.server-too-old', {
      version: versionText(serverNumber),
      minimum: versionText(MINIMUM_SERVER_VERSION),
    })
  }
  return { serverNumber, user, database }
}

/** A schema newer than this app knows: the desk is told to update, nothing changed. */
function refuseNewer(found: number): number {
  if (found > TEAM_SCHEMA_VERSION) {
    throw explainedError('workspace.check.app-too-old', { found, known: TEAM_SCHEMA_VERSION })
  }
  return found
}

/** Applies a migration; a user without the right to create it is told who can. */
async function migrate(
  client: pg.ClientBase,
  migration: TeamMigration,
  who: { user: string; database: string },
): Promise<void> {
  try {
    await client.query(migration.sql)
  } catch (error) {
    if ((error as { code?: unknown }).code !== '42501') throw error
    throw explainedError('workspace.check.cannot-create', {
      ...who,
      detail: (error as Error).message,
    })
  }
}

/** The workspace's schema version; 0 for a database without one yet. */
async function schemaVersion(client: Pick<pg.ClientBase, 'query'>): Promise<number> {
  const { rows } = await client.query<{ exists: boolean }>(
    `SELECT to_regclass('gatedesk.schema_version') IS NOT NULL AS exists`,
  )
  if (!rows[0]!.exists) return 0
  const latest = await client.query<{ version: number | null }>(
    'SELECT max(version) AS version FROM gatedesk.schema_version',
  )
  return latest.rows[0]!.version ?? 0
}
