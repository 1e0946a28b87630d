import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach } from 'vitest'
import { localEnvironmentStore } from '../../../main/environments/environment-store'
import { createEnvironmentRepository } from '../../../main/environments/environments-repository'
import { openDatabase, type Db } from '../../../main/platform/db/database'
import { describeEnvironmentStore } from './environment-store-suite'

const dir = mkdtempSync(join(tmpdir(), 'gatedesk-environment-store-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let files = 0
let db: Db | undefined
afterEach(() => db?.close())

describeEnvironmentStore('the local workspace, SQLite', async () => {
  db = openDatabase(join(dir, `db-${++files}`, 'gatedesk.sqlite'))
  let clock = Date.parse('2026-11-20T09:00:00Z')
  return localEnvironmentStore(createEnvironmentRepository(db, () => new Date((clock += 60_000))))
})
