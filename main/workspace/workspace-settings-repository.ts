import type { Db } from '../platform/db/database'
import type { TeamConnection } from './team-connection'

interface Row {
  host: string
  port: number
  database: string
  user_name: string
  ca_file: string | null
}

/** This desk's team workspace connection (no password: that is in the keychain), or none. */
export function createWorkspaceSettingsRepository(db: Db, now: () => Date = () => new Date()) {
  const read = db.prepare('SELECT host, port, database, user_name, ca_file FROM team_workspace')
  const write = db.prepare(
    `INSERT INTO team_workspace (id, host, port, database, user_name, ca_file, connected_at)
     VALUES (1, @host, @port, @database, @user, @caFile, @at)
     ON CONFLICT (id) DO UPDATE SET host = @host, port = @port, database = @database,
       user_name = @user, ca_file = @caFile, connected_at = @at`,
  )
  const clear = db.prepare('DELETE FROM team_workspace')
  return {
    /** The team connection, or null when this desk works in its local workspace. */
    get(): TeamConnection | null {
      const row = read.get() as Row | undefined
      return row === undefined
        ? null
        : {
            host: row.host,
            port: row.port,
            database: row.database,
            user: row.user_name,
            caFile: row.ca_file,
          }
    },
    save(connection: TeamConnection): void {
      write.run({ ...connection, at: now().toISOString() })
    },
    /** Back to the local workspace; returns whether a team connection was set. */
    clear(): boolean {
      return clear.run().changes > 0
    },
  }
}

export type WorkspaceSettingsRepository = ReturnType<typeof createWorkspaceSettingsRepository>
