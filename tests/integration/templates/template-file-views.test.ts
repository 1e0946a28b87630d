import { localSavedViewStore } from '../../../main/templates/saved-view-store'
import { localTemplateStore } from '../../../main/templates/template-store'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../../main/platform/db/database'
import { createReportTemplatesRepository } from '../../../main/templates/report-templates-repository'
import { createSavedViewsRepository } from '../../../main/templates/saved-views-repository'
import { createReportTemplateService } from '../../../main/templates/template-service'
import type { SavedViewContent } from '../../../preload/contract/reports/saved-views'
import { blankRequest } from '../../../preload/contract/templates/report-template'

// Saved views travel with a template's JSON file: written beside the request, read back apart
// from it; a file from before views imports with none.
const dir = mkdtempSync(join(tmpdir(), 'gatedesk-template-views-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let files = 0

const request = { ...blankRequest(), reportIdentifier: 'transactions', reportName: 'Weekly' }
const content: SavedViewContent = {
  header: ['Id', 'Amount', 'Currency'],
  columns: { order: [1, 2, 0], widths: [80, 100, 60], pinned: [1], hidden: [] },
  query: { sort: [{ column: 1, descending: true }], filters: [], search: 'EUR' },
  pivot: { groupBy: [{ column: 2 }], measures: [{ column: 1, kind: 'sum' }], netSigns: [] },
}

let db: Db
let logged: string[]
let service: ReturnType<typeof createReportTemplateService>
let views: ReturnType<typeof createSavedViewsRepository>
beforeEach(() => {
  db = openDatabase(join(dir, `db-${++files}`, 'gatedesk.sqlite'))
  logged = []
  // A second a save: two views saved within one millisecond would tie as the last used.
  let clock = Date.parse('2026-11-20T09:00:00Z')
  views = createSavedViewsRepository({
    db,
    now: () => new Date((clock += 1000)),
    logError: (message) => logged.push(message),
  })
  const stores = {
    templates: localTemplateStore(createReportTemplatesRepository(db)),
    views: localSavedViewStore(views),
  }
  service = createReportTemplateService({ stores: async () => stores })
  return () => db.close()
})

const path = (name: string) => join(dir, `${files}-${name}`)

describe('saved views in template files', () => {
  it('are written beside the request and read back apart from it', async () => {
    const saved = await service.save({ id: null, name: 'Weekly', request })
    if (saved.status !== 'saved') throw new Error('not saved')
    const templateId = saved.template.id
    views.save({ scope: { kind: 'template', templateId }, id: null, name: 'EUR first', content })

    const file = path('weekly.json')
    await service.exportFile(file, request, templateId)
    const written = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
    expect(written).toMatchObject({
      reportIdentifier: 'transactions',
      gatedeskViews: { version: 2, views: [{ name: 'EUR first', content }] },
    })

    const imported = await service.importFile(file)
    expect(imported).toMatchObject({
      status: 'opened',
      issues: [],
      views: [{ name: 'EUR first', content }],
      viewsSkipped: 0,
    })
    // The draft's request is the request alone.
    if (imported.status !== 'opened') throw new Error('not opened')
    expect(JSON.parse(imported.text)).toEqual(request)
  })

  it('leave a file as the bare request when the template has none, or none is named', async () => {
    const file = path('plain.json')
    await service.exportFile(file, request)
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(request)
  })

  it('are none in a file from before views, and a version this GateDesk does not know is skipped', async () => {
    const older = path('older.json')
    writeFileSync(older, JSON.stringify(request))
    expect(await service.importFile(older)).toMatchObject({
      status: 'opened',
      issues: [],
      views: [],
      viewsSkipped: 0,
    })

    const newer = path('newer.json')
    const future = { version: 3, views: [{ name: 'x', content }] }
    writeFileSync(newer, JSON.stringify({ ...request, gatedeskViews: future }))
    const read = await service.importFile(newer)
    expect(read).toMatchObject({ status: 'opened', issues: [], views: [], viewsSkipped: 1 })

    const mixed = path('mixed.json')
    const broken = { name: 'Broken', content: { ...content, header: [] } }
    const listed = { version: 2, views: [broken, { name: 'Fine', content }] }
    writeFileSync(mixed, JSON.stringify({ ...request, gatedeskViews: listed }))
    expect(await service.importFile(mixed)).toMatchObject({
      views: [{ name: 'Fine' }],
      viewsSkipped: 1,
    })
  })
})

describe('a duplicated template', () => {
  it('gets copies of its views, the last used one still restored, the original’s untouched', async () => {
    const saved = await service.save({ id: null, name: 'Weekly', request })
    if (saved.status !== 'saved') throw new Error('not saved')
    const original = { kind: 'template' as const, templateId: saved.template.id }
    views.save({ scope: original, id: null, name: 'EUR first', content })
    const plain = { ...content, pivot: undefined, query: { ...content.query, search: '' } }
    views.save({ scope: original, id: null, name: 'Plain', content: plain })

    const copy = await service.duplicate(saved.template.id)
    const copied = views.list({ kind: 'template', templateId: copy.id })
    expect(copied.views.map((view) => [view.name, view.content])).toEqual([
      ['EUR first', content],
      ['Plain', plain],
    ])
    expect(copied.views.find((view) => view.id === copied.lastUsedId)?.name).toBe('Plain')

    // The copy's views are its own: renaming one leaves the original's as it was.
    views.rename(copied.views[0]!.id, 'Copy only')
    expect(views.list(original).views.map((view) => view.name)).toEqual(['EUR first', 'Plain'])
  })
})
