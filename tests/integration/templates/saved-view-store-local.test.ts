import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach } from 'vitest'
import { openDatabase, type Db } from '../../../main/platform/db/database'
import { createReportTemplatesRepository } from '../../../main/templates/report-templates-repository'
import { localSavedViewStore } from '../../../main/templates/saved-view-store'
import { createSavedViewsRepository } from '../../../main/templates/saved-views-repository'
import { localTemplateStore } from '../../../main/templates/template-store'
import { describeSavedViewStore } from './saved-view-store-suite'

const dir = mkdtempSync(join(tmpdir(), 'gatedesk-view-store-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let files = 0
let db: Db | undefined
afterEach(() => db?.close())

describeSavedViewStore('the local workspace, SQLite', async () => {
  const opened = openDatabase(join(dir, `db-${++files}`, 'gatedesk.sqlite'))
  db = opened
  let clock = Date.parse('2026-11-20T09:00:00Z')
  const now = () => new Date((clock += 60_000))
  const logged: string[] = []
  return {
    views: localSavedViewStore(
      createSavedViewsRepository({ db: opened, now, logError: (message) => logged.push(message) }),
    ),
    templates: localTemplateStore(createReportTemplatesRepository(opened, now)),
    spoil: async (id, json) => {
      opened.prepare('UPDATE report_views SET content = ? WHERE id = ?').run(json, id)
    },
    logged,
  }
})
