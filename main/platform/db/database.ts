import { existsSync } from 'node:fs'
import { dirname } from 'node:path'
import Database, { SqliteError, type Database as Db } from 'better-sqlite3'
import { DATA_DIR_VARIABLE } from './data-dir'
import { MIGRATIONS, SCHEMA_VERSION } from './migrations'
import { privateDir, privateFile } from './private-files'

export type { Database as Db } from 'better-sqlite3'

/** Marks the file as GateDesk's ("GDSK"), so another app's SQLite file is never migrated. */
const APPLICATION_ID = 0x4744534b

export type DatabaseOpenProblem = 'unopenable' | 'corrupt' | 'newer-version' | 'foreign'

/** The database cannot be used as it is. The file was left exactly as it was found. */
export class DatabaseOpenError extends Error {
  override readonly name = 'DatabaseOpenError'
  constructor(
    readonly problem: DatabaseOpenProblem,
    readonly file: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}

const ELSEWHERE = `or point ${DATA_DIR_VARIABLE} at another folder`

function unusable(problem: DatabaseOpenProblem, file: string, detail: string, cause?: unknown) {
  const fix = {
    unopenable: `Check that the folder exists and that you may write there, ${ELSEWHERE}.`,
    corrupt: `GateDesk did not change it. Restore it from a backup, or move it aside (keep it for support) and restart GateDesk to begin with an empty database.`,
    'newer-version': `GateDesk did not change it. Update GateDesk to the newest version, ${ELSEWHERE}.`,
    foreign: `GateDesk did not change it. Move the file away, ${ELSEWHERE}.`,
  }[problem]
  return new DatabaseOpenError(problem, file, `The database ${file} ${detail}. ${fix}`, { cause })
}

/** Reads what decides whether the file may be used; reads only, so a refused file stays as it is. */
function inspect(db: Db, file: string) {
  try {
    const damage = db.pragma('quick_check(5)', { simple: false }) as { quick_check: string }[]
    const first = damage[0]?.quick_check
    if (first !== 'ok') throw unusable('corrupt', file, `is damaged (${first ?? 'no result'})`)
    return {
      version: db.pragma('user_version', { simple: true }) as number,
      applicationId: db.pragma('application_id', { simple: true }) as number,
      tables: (db.prepare(`SELECT count(*) AS n FROM sqlite_schema`).get() as { n: number }).n,
    }
  } catch (error) {
    if (error instanceof SqliteError) {
      throw unusable('corrupt', file, `is damaged or not a database (${error.message})`, error)
    }
    throw error
  }
}

function migrate(db: Db, from: number): void {
  for (const migration of MIGRATIONS) {
    if (migration.version <= from) continue
    // Each step and its version number commit together, so a crash leaves a known version.
    db.transaction(() => {
      migration.up(db)
      db.pragma(`user_version = ${migration.version}`)
      db.pragma(`application_id = ${APPLICATION_ID}`)
    }).immediate()
  }
}

/**
 * Opens (creating when missing) GateDesk's database and brings its schema up to date. Refuses,
 * without writing to it, a file that is damaged, not GateDesk's, or from a newer GateDesk.
 */
export function openDatabase(file: string): Db {
  let db: Db
  try {
    privateDir(dirname(file))
    // Owner-only before SQLite opens it, as SQLite gives its -wal and -shm files the database's
    // mode; ones left by a crash of an earlier version are tightened too.
    privateFile(file)
    for (const companion of [`${file}-wal`, `${file}-shm`]) {
      if (existsSync(companion)) privateFile(companion)
    }
    db = new Database(file)
  } catch (error) {
    throw unusable('unopenable', file, `cannot be opened (${(error as Error).message})`, error)
  }
  try {
    // Another GateDesk process (the app, the CLI) may hold the write lock for a moment.
    db.pragma('busy_timeout = 5000')
    const found = inspect(db, file)
    if (found.version > SCHEMA_VERSION) {
      throw unusable(
        'newer-version',
        file,
        `was written by a newer GateDesk (schema version ${found.version}; this GateDesk knows up to ${SCHEMA_VERSION})`,
      )
    }
    const isNew = found.applicationId === 0 && found.tables === 0
    if (found.applicationId !== APPLICATION_ID && !isNew) {
      throw unusable('foreign', file, 'is a SQLite database of another application')
    }
    // WAL keeps the last committed state intact through a crash mid-write; FULL makes each
    // commit durable, which a history of payment requests needs.
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = FULL')
    db.pragma('foreign_keys = ON')
    migrate(db, found.version)
    return db
  } catch (error) {
    db.close()
    throw error
  }
}
