import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach } from 'vitest'
import { localAuditTrail } from '../../../main/history/audit-trail'
import { createHistoryRepository } from '../../../main/history/history-repository'
import { openDatabase, type Db } from '../../../main/platform/db/database'
import { describeAuditTrail } from './audit-trail-suite'

const dir = mkdtempSync(join(tmpdir(), 'gatedesk-audit-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let files = 0
let db: Db | undefined
afterEach(() => db?.close())

describeAuditTrail('the local workspace, SQLite', async () => {
  db = openDatabase(join(dir, `db-${++files}`, 'gatedesk.sqlite'))
  let clock = Date.parse('2026-11-20T09:00:00Z')
  return localAuditTrail(createHistoryRepository(db, () => new Date((clock += 1000))))
})
