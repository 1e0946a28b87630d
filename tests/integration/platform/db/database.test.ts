import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { DATA_DIR_VARIABLE, databaseFile } from '../../../../main/platform/db/data-dir'
import { DatabaseOpenError, openDatabase } from '../../../../main/platform/db/database'
import { SCHEMA_VERSION } from '../../../../main/platform/db/migrations'
import { caught } from '../../../fixtures/caught'

const dir = mkdtempSync(join(tmpdir(), 'gatedesk-db-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let files = 0
const freshFile = () => join(dir, `db-${++files}`, 'gatedesk.sqlite')

const refusal = (file: string) => caught(() => openDatabase(file).close(), DatabaseOpenError)

describe('the local database', () => {
  it('is created on first run with the built-in Sandbox, in WAL mode', async () => {
    const file = freshFile()
    const db = openDatabase(file)
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION)
    expect(db.prepare(`SELECT name, kind, base_url FROM environments`).all()).toEqual([
      { name: 'Sandbox', kind: 'sandbox', base_url: null },
    ])
    db.close()
    // Opening again migrates nothing and seeds nothing twice.
    const again = openDatabase(file)
    expect(again.prepare(`SELECT count(*) AS n FROM environments`).get()).toEqual({ n: 1 })
    again.close()
  })

  it('lives in GATEDESK_DATA_DIR when set, else in the user-data folder given', async () => {
    expect(databaseFile('/home/anna/.config/GateDesk', {})).toBe(
      '/home/anna/.config/GateDesk/gatedesk.sqlite',
    )
    expect(databaseFile('/home/anna/.config/GateDesk', { [DATA_DIR_VARIABLE]: '/tmp/t' })).toBe(
      '/tmp/t/gatedesk.sqlite',
    )
    expect(() => databaseFile(undefined, {})).toThrow(
      'GateDesk does not know where its database is: set GATEDESK_DATA_DIR',
    )
  })

  it('refuses a file of garbage bytes, says what to do, and leaves it as it was', async () => {
    const file = join(dir, 'garbage.sqlite')
    const garbage = Buffer.alloc(16_384, 0x5a)
    writeFileSync(file, garbage)
    const error = await refusal(file)
    expect(error.problem).toBe('corrupt')
    expect(error.message).toBe(
      `The database ${file} is damaged or not a database (file is not a database). GateDesk did not change it. Restore it from a backup, or move it aside (keep it for support) and restart GateDesk to begin with an empty database.`,
    )
    expect(readFileSync(file).equals(garbage)).toBe(true)
  })

  it('refuses a database from a newer GateDesk and leaves it as it was', async () => {
    const file = freshFile()
    openDatabase(file).close()
    const newer = new Database(file)
    newer.pragma(`user_version = ${SCHEMA_VERSION + 6}`)
    newer.close()
    const before = readFileSync(file)
    const error = await refusal(file)
    expect(error.problem).toBe('newer-version')
    expect(error.message).toContain(
      `was written by a newer GateDesk (schema version ${SCHEMA_VERSION + 6}; this GateDesk knows up to ${SCHEMA_VERSION}). GateDesk did not change it. Update GateDesk`,
    )
    expect(readFileSync(file).equals(before)).toBe(true)
  })

  it("refuses another application's SQLite file", async () => {
    const file = join(dir, 'other-app.sqlite')
    const other = new Database(file)
    other.exec(`CREATE TABLE notes (text TEXT)`)
    other.close()
    const error = await refusal(file)
    expect(error.problem).toBe('foreign')
    expect(error.message).toContain('is a SQLite database of another application')
  })

  it('keeps every committed entry when the process is killed mid-write', async () => {
    const file = freshFile()
    openDatabase(file).close()
    const writer = spawn(process.execPath, [
      '--import',
      'tsx',
      new URL('../../../fixtures/history-writer-child.ts', import.meta.url).pathname,
      file,
    ])
    let committed = 0
    await new Promise<void>((resolve, reject) => {
      writer.on('error', reject)
      writer.on('exit', () => resolve())
      writer.stdout.on('data', (chunk: Buffer) => {
        committed = Number(chunk.toString().trim().split('\n').at(-1))
        if (committed >= 200) writer.kill('SIGKILL')
      })
    })
    expect(writer.signalCode).toBe('SIGKILL')
    const db = openDatabase(file)
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
    const { n } = db
      .prepare(`SELECT count(*) AS n FROM request_history WHERE outcome = 'approved'`)
      .get() as {
      n: number
    }
    expect(n).toBeGreaterThanOrEqual(committed)
    db.close()
  })
})
