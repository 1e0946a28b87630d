import type { Migration } from './migration'

/**
 * Where this desk's team workspace is (PostgreSQL): one row or none (the local workspace). The
 * password is in the OS keychain, never here.
 */
export const teamWorkspace: Migration = {
  version: 11,
  summary: "the team workspace's server this desk connects to",
  up(db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS team_workspace (
        id            INTEGER PRIMARY KEY CHECK (id = 1),
        host          TEXT    NOT NULL,
        port          INTEGER NOT NULL,
        database      TEXT    NOT NULL,
        user_name     TEXT    NOT NULL,
        ca_file       TEXT,
        connected_at  TEXT    NOT NULL
      ) STRICT;
    `)
  },
}
