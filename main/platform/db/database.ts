import { existsSync } from 'node:fs'
import { dirname } from 'node:path'
import Database, { SqliteError, type Database as Db } from 'better-sqlite3'
import type { MessageCode } from '../../../preload/contract/locales/explain'
import { ExplainedError, type MessageParams } from '../../../preload/contract/platform/explained'
import { english } from '../i18n/english'
import { DATA_DIR_VARIABLE } from './data-dir'
import { MIGRATIONS, SCHEMA_VERSION } from './migrations'
import { privateDir, privateFile } from './private-files'

export type { Database as Db } from 'better-sqlite3'

/** Marks the file as GateDesk's ("GDSK"), so another app's SQLite file is never migrated. */
const APPLICATION_ID = 0x4744534b

export type DatabaseOpenProblem = 'unopenable' | 'corrupt' | 'newer-version' | 'foreign'

/**
 * The database cannot be used as it is. The file was left exactly as it was found. Its code
 * (startup.database.*) words it in the system's language at start-up, the terminal's in the CLI.
 */
export class DatabaseOpenError extends ExplainedError {
  override readonly name = 'DatabaseOpenError'
  constructor(
    readonly problem: DatabaseOpenProblem,
    readonly file: string,
    code: MessageCode,
    params: MessageParams,
    options?: { cause?: unknown },
  ) {
    super(english(code, params), code, params, options)
  }
}

/** What is wrong with the file (startup.database.<fault>), with `reason` as SQLite or the OS gave it. */
type Fault = 'unopenable' | 'damaged' | 'not-a-database' | 'newer-version' | 'foreign'

function unusable(
  problem: DatabaseOpenProblem,
  file: string,
  fault: Fault,
  details: MessageParams = {},
  cause?: unknown,
) {
  const params = { file, variable: DATA_DIR_VARIABLE, ...details }
  return new DatabaseOpenError(problem, file, `startup.database.${fault}`, params, { cause })
}

/** Reads what decides whether the file may be used; reads only, so a refused file stays as it is. */
function inspect(db: Db, file: string) {
  try {
    const damage = db.pragma('quick_check(5)', { simple: false }) as { quick_check: string }[]
    const first = damage[0]?.quick_check
    if (first !== 'ok') {
      throw unusable('corrupt', file, 'damaged', { reason: first ?? '—' })
    }
    return {
      version: db.pragma('user_version', { simple: true }) as number,
      applicationId: db.pragma('application_id', { simple: true }) as number,
      tables: (db.prepare(`SELECT count(*) AS n FROM sqlite_schema`).get() as { n: number }).n,
    }
  } catch (error) {
    if (error instanceof SqliteError) {
      throw unusable('corrupt', file, 'not-a-database', { reason: error.message }, error)
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
    const reason = (error as Error).message
    throw unusable('unopenable', file, 'unopenable', { reason }, error)
  }
  try {
    // Another GateDesk process (the app, the CLI) may hold the write lock for a moment.
    db.pragma('busy_timeout = 5000')
    const found = inspect(db, file)
    if (found.version > SCHEMA_VERSION) {
      const versions = { found: found.version, known: SCHEMA_VERSION }
      throw unusable('newer-version', file, 'newer-version', versions)
    }
    const isNew = found.applicationId === 0 && found.tables === 0
    if (found.applicationId !== APPLICATION_ID && !isNew) {
      throw unusable('foreign', file, 'foreign')
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
