import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../../main/platform/db/database'
import { createHistoryRepository } from '../../../../main/history/history-repository'
import { saveWindowState } from '../../../../main/app/window-state'
import { startTestSandbox } from '../../../fixtures/sandbox'

// History holds payers' names, addresses, phones and birthdays: no other user of the computer
// may read GateDesk's data folder or any file in it.
const root = mkdtempSync(join(tmpdir(), 'gatedesk-modes-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const modeOf = (path: string) => statSync(path).mode & 0o777
const state = { x: 0, y: 0, width: 1280, height: 800, maximized: false }

function recordOne(file: string) {
  const db = openDatabase(file)
  createHistoryRepository(db).recordSending({
    environment: { id: 'e', name: 'Production' },
    operation: 'update-recurring-payment',
    parameters: [
      ['client-orderid', 'ORD-1'],
      ['first-name', 'Anna'],
      ['address1', '12 Harbour Road'],
      ['birthday', '01.02.1980'],
    ],
  })
  return db
}

describe('the data folder and its files are the user’s alone', () => {
  it('creates the folder 0700 and the database, its WAL and shared memory 0600', () => {
    const dir = join(root, 'fresh', 'GateDesk')
    const file = join(dir, 'gatedesk.sqlite')
    const db = recordOne(file)
    expect(modeOf(join(root, 'fresh'))).toBe(0o700)
    expect(modeOf(dir)).toBe(0o700)
    for (const path of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(path), path).toBe(0o600)
    db.close()
  })

  it('makes an existing folder and database of an earlier version owner-only', () => {
    const dir = join(root, 'earlier')
    const file = join(dir, 'gatedesk.sqlite')
    recordOne(file).close()
    chmodSync(dir, 0o755)
    chmodSync(file, 0o644)
    const db = recordOne(file)
    expect(modeOf(dir)).toBe(0o700)
    for (const path of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(path), path).toBe(0o600)
    db.close()
  })

  it('writes window-state.json 0600 in a 0700 folder, also over an older 0644 file', () => {
    const file = join(root, 'window', 'window-state.json')
    saveWindowState(file, state)
    expect(modeOf(join(root, 'window'))).toBe(0o700)
    expect(modeOf(file)).toBe(0o600)
    const older = join(root, 'older', 'window-state.json')
    mkdirSync(join(root, 'older'), { mode: 0o755 })
    writeFileSync(older, '{}', { mode: 0o644 })
    saveWindowState(older, state)
    expect(modeOf(older)).toBe(0o600)
  })

  it('keeps a sandbox state folder 0700 and its database, keys, certificate and sandbox.json 0600', async () => {
    const dir = join(root, 'sandbox')
    // A folder made by a shell whose umask lets others read what it creates.
    mkdirSync(dir, { mode: 0o755 })
    chmodSync(dir, 0o755)
    const modes = () =>
      Object.fromEntries(readdirSync(dir).map((name) => [name, modeOf(join(dir, name))]))
    const ownerOnly = (names: string[]) => Object.fromEntries(names.map((name) => [name, 0o600]))
    const first = await startTestSandbox({}, dir)
    const names = readdirSync(dir)
    expect(names).toEqual(
      expect.arrayContaining(['sandbox.db', 'sandbox.json', 'tls-certificate.pem']),
    )
    expect(modeOf(dir)).toBe(0o700)
    expect(modes()).toEqual(ownerOnly(names))
    await first.stop()
    // What an earlier version left readable by others is tightened on the next start.
    chmodSync(dir, 0o755)
    for (const name of readdirSync(dir)) chmodSync(join(dir, name), 0o644)
    const second = await startTestSandbox({}, dir)
    expect(modeOf(dir)).toBe(0o700)
    expect(modes()).toEqual(ownerOnly(readdirSync(dir)))
    await second.stop()
  })
})
