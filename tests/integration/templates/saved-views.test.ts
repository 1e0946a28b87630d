import { localSavedViewStore } from '../../../main/templates/saved-view-store'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../../main/platform/db/database'
import {
  createSavedViewService,
  type SavedViewService,
} from '../../../main/templates/saved-view-service'
import { createSavedViewsRepository } from '../../../main/templates/saved-views-repository'
import type { SavedViewContent, ViewScope } from '../../../preload/contract/reports/saved-views'

const dir = mkdtempSync(join(tmpdir(), 'gatedesk-views-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let files = 0

const HEADER = ['Id', 'Created_date', 'Amount', 'Currency']
const TEMPLATE: ViewScope = { kind: 'template', templateId: '0f8e1c2a-1111-4222-8333-944455556666' }
const OTHER_TEMPLATE: ViewScope = {
  kind: 'template',
  templateId: '0f8e1c2a-1111-4222-8333-999999999999',
}
const BY_HEADER: ViewScope = { kind: 'header', header: HEADER }

const content = (search?: string): SavedViewContent => ({
  header: HEADER,
  columns: { order: [2, 3, 0, 1], widths: [80, 120, 100, 60], pinned: [2], hidden: [1] },
  query: {
    sort: [{ column: 2, descending: true }],
    filters: [{ kind: 'oneOf', column: 3, values: ['EUR', 'USD'] }],
    ...(search ? { search } : {}),
  },
  pivot: { groupBy: [{ column: 3 }], measures: [{ column: 2, kind: 'sum' }], netSigns: [] },
})

let db: Db
let clock: number
let warnings: string[]
let views: SavedViewService
beforeEach(() => {
  db = openDatabase(join(dir, `db-${++files}`, 'gatedesk.sqlite'))
  clock = Date.parse('2026-11-20T09:00:00Z')
  warnings = []
  const repository = createSavedViewsRepository({
    db,
    now: () => new Date((clock += 60_000)),
    logError: (message) => warnings.push(message),
  })
  views = createSavedViewService({
    local: localSavedViewStore(repository),
    shared: async () => null,
  })
  return () => db.close()
})

function saved(result: Awaited<ReturnType<SavedViewService['save']>>) {
  if (result.status !== 'saved') throw new Error(`refused: ${result.message}`)
  return result.view
}

describe('saved report views in the local database', () => {
  it('keep every part of the view, listed by name per template', async () => {
    const declines = saved(
      await views.save({
        scope: TEMPLATE,
        id: null,
        name: 'Declines',
        content: content('declined'),
      }),
    )
    saved(await views.save({ scope: TEMPLATE, id: null, name: 'all EUR', content: content() }))
    saved(
      await views.save({ scope: OTHER_TEMPLATE, id: null, name: 'Elsewhere', content: content() }),
    )

    const listed = await views.list(TEMPLATE)
    expect(listed.views.map((view) => view.name)).toEqual(['all EUR', 'Declines'])
    expect(listed.views[1]).toMatchObject({ id: declines.id, content: content('declined') })
    expect((await views.list(OTHER_TEMPLATE)).views.map((view) => view.name)).toEqual(['Elsewhere'])
    expect((await views.list(BY_HEADER)).views).toEqual([])
  })

  it('are kept per header for opened files: the same names in the same order, nothing else', async () => {
    saved(await views.save({ scope: BY_HEADER, id: null, name: 'Mine', content: content() }))
    expect((await views.list({ kind: 'header', header: [...HEADER] })).views).toHaveLength(1)
    expect((await views.list({ kind: 'header', header: [...HEADER].reverse() })).views).toEqual([])
    expect((await views.list({ kind: 'header', header: [...HEADER, 'Email'] })).views).toEqual([])
  })

  it('refuse a name another view of the report has, whatever its case, with what to do', async () => {
    saved(await views.save({ scope: TEMPLATE, id: null, name: 'Declines', content: content() }))
    const other = saved(
      await views.save({ scope: TEMPLATE, id: null, name: 'Refunds', content: content() }),
    )

    expect(await views.rename(other.id, ' declines ')).toMatchObject({
      status: 'refused',
      messageCode: 'report-view.name-taken',
      message: 'This report already has a view named “declines”: choose another name.',
    })
    expect(
      await views.save({ scope: TEMPLATE, id: null, name: 'DECLINES', content: content() }),
    ).toMatchObject({
      status: 'refused',
      messageCode: 'report-view.name-taken',
    })
    expect(await views.rename(other.id, '  ')).toMatchObject({
      messageCode: 'report-view.name-missing',
    })
    // Another report may use the name.
    expect(
      (await views.save({ scope: BY_HEADER, id: null, name: 'Declines', content: content() }))
        .status,
    ).toBe('saved')
    expect((await views.list(TEMPLATE)).views.map((view) => view.name)).toEqual([
      'Declines',
      'Refunds',
    ])
  })

  it('rename, replace their content, and delete', async () => {
    const view = saved(
      await views.save({ scope: TEMPLATE, id: null, name: 'Declines', content: content() }),
    )
    expect(await views.rename(view.id, 'Declines last week')).toMatchObject({
      status: 'saved',
      view: { id: view.id, name: 'Declines last week' },
    })
    saved(
      await views.save({
        scope: TEMPLATE,
        id: view.id,
        name: 'Declines last week',
        content: content('x'),
      }),
    )
    expect((await views.list(TEMPLATE)).views).toMatchObject([
      { id: view.id, content: content('x') },
    ])

    expect(await views.remove(view.id)).toBe(true)
    expect(await views.remove(view.id)).toBe(false)
    expect(await views.list(TEMPLATE)).toEqual({ views: [], lastUsedId: null })
    expect(await views.rename(view.id, 'Back')).toMatchObject({
      messageCode: 'report-view.not-found',
    })
  })

  it('remember the one last used (applied or saved) per report', async () => {
    const first = saved(
      await views.save({ scope: TEMPLATE, id: null, name: 'First', content: content() }),
    )
    const second = saved(
      await views.save({ scope: TEMPLATE, id: null, name: 'Second', content: content() }),
    )
    expect((await views.list(TEMPLATE)).lastUsedId).toBe(second.id)
    expect(await views.markUsed(first.id)).toBe(true)
    expect((await views.list(TEMPLATE)).lastUsedId).toBe(first.id)
    expect((await views.list(BY_HEADER)).lastUsedId).toBeNull()
    await views.remove(first.id)
    expect((await views.list(TEMPLATE)).lastUsedId).toBe(second.id)
    expect(await views.markUsed(first.id)).toBe(false)
  })

  it('leave out a stored view that no longer reads, with a warning in the log, and keep the others', async () => {
    const good = saved(
      await views.save({ scope: TEMPLATE, id: null, name: 'Good', content: content() }),
    )
    const notJson = saved(
      await views.save({ scope: TEMPLATE, id: null, name: 'Broken', content: content() }),
    )
    const wrongShape = saved(
      await views.save({ scope: TEMPLATE, id: null, name: 'Odd', content: content() }),
    )
    const otherColumns = saved(
      await views.save({ scope: TEMPLATE, id: null, name: 'Other columns', content: content() }),
    )
    db.prepare(`UPDATE report_views SET content = ? WHERE id = ?`).run(
      JSON.stringify({ ...content(), header: ['Id', 'Amount'] }),
      otherColumns.id,
    )
    db.prepare(`UPDATE report_views SET content = ? WHERE id = ?`).run('{"header": [', notJson.id)
    db.prepare(`UPDATE report_views SET content = ? WHERE id = ?`).run(
      JSON.stringify({ ...content(), columns: { order: 'all' } }),
      wrongShape.id,
    )

    const listed = await views.list(TEMPLATE)
    expect(listed.views.map((view) => view.id)).toEqual([good.id])
    // The broken one was used last: the last readable one is restored instead.
    expect(listed.lastUsedId).toBe(good.id)
    expect(warnings).toEqual([
      `Saved report view ${notJson.id} is not JSON; it is left out`,
      `Saved report view ${wrongShape.id} does not read as a view; it is left out`,
      `Saved report view ${otherColumns.id} does not read as a view; it is left out`,
    ])
  })
})
