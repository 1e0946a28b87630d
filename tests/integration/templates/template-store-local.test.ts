import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach } from 'vitest'
import { openDatabase, type Db } from '../../../main/platform/db/database'
import { createReportTemplatesRepository } from '../../../main/templates/report-templates-repository'
import { localTemplateStore } from '../../../main/templates/template-store'
import { describeTemplateStore } from './template-store-suite'

const dir = mkdtempSync(join(tmpdir(), 'gatedesk-template-store-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let files = 0
let db: Db | undefined
afterEach(() => db?.close())

describeTemplateStore('the local workspace, SQLite', async () => {
  db = openDatabase(join(dir, `db-${++files}`, 'gatedesk.sqlite'))
  let clock = Date.parse('2026-11-20T09:00:00Z')
  return localTemplateStore(createReportTemplatesRepository(db, () => new Date((clock += 60_000))))
})
