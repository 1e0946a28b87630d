import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../../main/platform/db/database'
import { groupCommit } from '../../../../main/platform/db/group-commit'

// The group commit on a real database file (WAL). A batch with a durable write must commit under
// synchronous = FULL, which syncs the WAL before the commit returns: what a power loss cannot take.
const dir = mkdtempSync(join(tmpdir(), 'gatedesk-group-commit-'))
const file = join(dir, 'gatedesk.sqlite')
const db = openDatabase(file)
db.exec(`CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)`)
const commit = groupCommit(db)
afterAll(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

const SYNC_LEVELS: Record<number, string> = { 0: 'OFF', 1: 'NORMAL', 2: 'FULL', 3: 'EXTRA' }
const synchronous = () => SYNC_LEVELS[db.pragma('synchronous', { simple: true }) as number]

/** Writes a note; resolves to the sync level its transaction ran under. */
const note = (text: string, durable: boolean) =>
  commit(
    () => {
      db.prepare(`INSERT INTO notes (text) VALUES (?)`).run(text)
      return synchronous()
    },
    { durable },
  )

describe('a group commit', () => {
  it('commits a batch holding a durable write under synchronous FULL, all its writes with it', async () => {
    const batch = [note('lazy 1', false), note('durable', true), note('lazy 2', false)]
    expect(await Promise.all(batch)).toEqual(['FULL', 'FULL', 'FULL'])
  })

  it('commits a batch of writes whose loss is safe under NORMAL, then goes back to FULL', async () => {
    expect(await Promise.all([note('lazy 3', false), note('lazy 4', false)])).toEqual([
      'NORMAL',
      'NORMAL',
    ])
    expect(synchronous()).toBe('FULL')
  })

  it('settles a write only once it has committed: another connection reads it', async () => {
    const reader = openDatabase(file)
    try {
      const count = () => reader.prepare(`SELECT count(*) AS n FROM notes`).pluck().get()
      const before = count()
      await note('seen', true)
      expect(count()).toBe((before as number) + 1)
    } finally {
      reader.close()
    }
  })

  it('goes back to FULL when a batch of lazy writes fails to commit', async () => {
    // The commit fails: a deferred foreign key is still broken at its end.
    const failing = commit(
      () => {
        db.pragma('defer_foreign_keys = ON')
        db.prepare(
          `INSERT INTO bulk_rows (job_id, row_number, state, client_orderid, updated_at)
           VALUES ('no-such-job', 1, 'pending', 'X-1', '')`,
        ).run()
      },
      { durable: false },
    )
    await expect(failing).rejects.toThrow(/FOREIGN KEY/)
    expect(synchronous()).toBe('FULL')
    expect(await note('after the failure', true)).toBe('FULL')
  })
})
