import { beforeEach, describe, expect, it } from 'vitest'
import type { SavedViewStore, TemplateViewScope } from '../../../main/templates/saved-view-store'
import type { TemplateStore } from '../../../main/templates/template-store'
import { ViewRefusedError } from '../../../main/templates/view-checks'
import {
  VIEW_NAME_MAX,
  VIEWS_PER_REPORT_MAX,
  type SavedView,
  type SavedViewContent,
} from '../../../preload/contract/reports/saved-views'
import { blankRequest } from '../../../preload/contract/templates/report-template'
import { caught } from '../../fixtures/caught'

const HEADER = ['Id', 'Created_date', 'Amount', 'Currency']

export const viewContent = (search?: string): SavedViewContent => ({
  header: HEADER,
  columns: { order: [2, 3, 0, 1], widths: [80, 120, 100, 60], pinned: [2], hidden: [1] },
  query: {
    sort: [{ column: 2, descending: true }],
    filters: [{ kind: 'oneOf', column: 3, values: ['EUR', 'USD'] }],
    ...(search ? { search } : {}),
  },
  pivot: { groupBy: [{ column: 3 }], measures: [{ column: 2, kind: 'sum' }], netSigns: [] },
})

/** What the suite is given: the store, the templates its views belong to, a way to spoil one. */
export interface OpenedViewStore {
  views: SavedViewStore<TemplateViewScope>
  templates: TemplateStore
  /** Writes `json` as the stored content of view `id`, as an older GateDesk or a hand might. */
  spoil(id: string, json: string): Promise<void>
  /** What the store logged. */
  logged: string[]
}

/**
 * The one suite every SavedViewStore passes (the local workspace's SQLite, the team's
 * PostgreSQL) on a template's views: what the report screen relies on, whichever workspace.
 * `open` gives a store whose clock moves a minute at each reading, on a workspace of its own.
 */
export function describeSavedViewStore(kind: string, open: () => Promise<OpenedViewStore>) {
  describe(`saved report views (${kind})`, () => {
    let opened: OpenedViewStore
    let views: SavedViewStore<TemplateViewScope>
    let report: TemplateViewScope
    let other: TemplateViewScope
    // The team's templates outlive a test: each test's have names of their own.
    let templates = 0

    async function templateScope(name: string): Promise<TemplateViewScope> {
      const request = { ...blankRequest(), reportIdentifier: 'transactions', reportName: name }
      const template = await opened.templates.save({ name, request })
      return { kind: 'template', templateId: template.id }
    }

    async function saved(name: string, content = viewContent(), scope = report) {
      const view = await views.save({ scope, id: null, name, content })
      expect(view).not.toBeNull()
      return view!
    }

    const refusal = async (attempt: () => Promise<SavedView | null>) =>
      (await caught(attempt, ViewRefusedError)).refusal

    beforeEach(async () => {
      opened = await open()
      views = opened.views
      report = await templateScope(`Report ${++templates}`)
      other = await templateScope(`Other ${templates}`)
    })

    it('keeps every part of a view, listed by name whatever their case, per template', async () => {
      const declines = await saved('Declines', viewContent('declined'))
      await saved('all EUR')
      await saved('Elsewhere', viewContent(), other)
      const listed = await views.list(report)
      expect(listed.views.map((view) => view.name)).toEqual(['all EUR', 'Declines'])
      expect(listed.views[1]).toEqual(declines)
      expect(declines.content).toEqual(viewContent('declined'))
      expect((await views.list(other)).views.map((view) => view.name)).toEqual(['Elsewhere'])
    })

    it('refuses an empty, a too long or a taken name (any case), and says which', async () => {
      await saved('Declines')
      const refunds = await saved('Refunds')
      const save = (name: string) => () =>
        views.save({ scope: report, id: null, name, content: viewContent() })
      expect(await refusal(save('DECLINES'))).toMatchObject({
        messageCode: 'report-view.name-taken',
        params: { name: 'DECLINES' },
      })
      expect((await refusal(() => views.rename(refunds.id, ' declines '))).messageCode).toBe(
        'report-view.name-taken',
      )
      expect((await refusal(save('  '))).messageCode).toBe('report-view.name-missing')
      expect(await refusal(save('x'.repeat(VIEW_NAME_MAX + 1)))).toMatchObject({
        messageCode: 'report-view.name-too-long',
        params: { max: VIEW_NAME_MAX },
      })
      expect((await saved('x'.repeat(VIEW_NAME_MAX))).name).toHaveLength(VIEW_NAME_MAX)
      // Another template's views may use the name.
      expect((await saved('Declines', viewContent(), other)).name).toBe('Declines')
      expect((await views.list(report)).views.map((view) => view.name)).toEqual([
        'Declines',
        'Refunds',
        'x'.repeat(VIEW_NAME_MAX),
      ])
    })

    it('renames, replaces the content of a view by id, and deletes', async () => {
      const view = await saved('Declines')
      expect(await views.rename(view.id, '  Declines last week ')).toMatchObject({
        id: view.id,
        name: 'Declines last week',
      })
      const replaced = await views.save({
        scope: report,
        id: view.id,
        name: 'DECLINES last week',
        content: viewContent('x'),
      })
      expect(replaced).toMatchObject({ id: view.id, content: viewContent('x') })
      expect(Date.parse(replaced!.updatedAt)).toBeGreaterThan(Date.parse(view.updatedAt))
      expect(await views.remove(view.id)).toBe(true)
      expect(await views.remove(view.id)).toBe(false)
      expect(await views.list(report)).toEqual({ views: [], lastUsedId: null })
      expect(await views.rename(view.id, 'Back')).toBeNull()
      // A view deleted meanwhile is saved again as a new one.
      const again = await views.save({
        scope: report,
        id: view.id,
        name: 'Back',
        content: viewContent(),
      })
      expect(again!.id).not.toBe(view.id)
    })

    it('remembers the one last used (applied or saved) per template', async () => {
      const first = await saved('First')
      const second = await saved('Second')
      expect((await views.list(report)).lastUsedId).toBe(second.id)
      expect(await views.markUsed(first.id)).toBe(true)
      expect((await views.list(report)).lastUsedId).toBe(first.id)
      expect((await views.list(other)).lastUsedId).toBeNull()
      await views.remove(first.id)
      expect((await views.list(report)).lastUsedId).toBe(second.id)
      expect(await views.markUsed(first.id)).toBe(false)
    })

    it("copies a template's views to another, under new ids, with their last use", async () => {
      await saved('Declines', viewContent('declined'))
      const used = await saved('Refunds')
      await views.markUsed(used.id)
      expect(await views.copyScope(report, other)).toBe(2)
      const copied = await views.list(other)
      expect(copied.views.map((view) => [view.name, view.content])).toEqual([
        ['Declines', viewContent('declined')],
        ['Refunds', viewContent()],
      ])
      expect(copied.views.map((view) => view.id)).not.toContain(used.id)
      expect(copied.lastUsedId).toBe(copied.views[1]!.id)
      expect((await views.list(report)).views).toHaveLength(2)
    })

    it('leaves out a stored view that no longer reads, logged, and keeps the others', async () => {
      const good = await saved('Good')
      const odd = await saved('Odd')
      const otherColumns = await saved('Other columns')
      await opened.spoil(odd.id, JSON.stringify({ ...viewContent(), columns: { order: 'all' } }))
      await opened.spoil(otherColumns.id, JSON.stringify({ ...viewContent(), header: ['Id'] }))
      const listed = await views.list(report)
      expect(listed.views.map((view) => view.id)).toEqual([good.id])
      // The spoilt one was used last: the last readable one is restored instead.
      expect(listed.lastUsedId).toBe(good.id)
      expect(opened.logged).toEqual([
        `Saved report view ${odd.id} does not read as a view; it is left out`,
        `Saved report view ${otherColumns.id} does not read as a view; it is left out`,
      ])
    })

    it(`lists at most ${VIEWS_PER_REPORT_MAX} views of a template, the first by name`, async () => {
      for (let n = 0; n <= VIEWS_PER_REPORT_MAX; n++) {
        await saved(`View ${String(n).padStart(3, '0')}`)
      }
      const names = (await views.list(report)).views.map((view) => view.name)
      expect(names).toHaveLength(VIEWS_PER_REPORT_MAX)
      expect(names.at(-1)).toBe(`View ${VIEWS_PER_REPORT_MAX - 1}`)
    })
  })
}
