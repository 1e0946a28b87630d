import type { Database } from 'better-sqlite3'

/** One step of the schema; `version` is what PRAGMA user_version holds once it has run. */
export interface Migration {
  version: number
  summary: string
  up: (db: Database) => void
}
