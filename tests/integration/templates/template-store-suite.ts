import { beforeEach, describe, expect, it } from 'vitest'
import {
  TemplateNotFoundError,
  TemplateRefusedError,
} from '../../../main/templates/report-templates-repository'
import type { TemplateStore } from '../../../main/templates/template-store'
import type { ReportRequest } from '../../../preload/contract/reports/report-request'
import { blankRequest } from '../../../preload/contract/templates/report-template'
import { caught } from '../../fixtures/caught'

const request = (changes: Partial<ReportRequest> = {}): ReportRequest => ({
  ...blankRequest(),
  reportIdentifier: 'transactions',
  reportName: 'November',
  ...changes,
})

/**
 * The one suite every TemplateStore passes (the local workspace's SQLite, the team's
 * PostgreSQL): what the Reports screen and the command line rely on, whichever workspace.
 * `open` gives a store whose clock moves a minute at each reading, emptied of templates.
 */
export function describeTemplateStore(kind: string, open: () => Promise<TemplateStore>) {
  describe(`report templates (${kind})`, () => {
    let store: TemplateStore
    beforeEach(async () => {
      store = await open()
      for (const template of await store.list()) await store.remove(template.id)
      await store.purgeDeleted()
    })

    it('saves a template and lists the templates by name, whatever their case', async () => {
      const saved = await store.save({ name: 'zeta', request: request({ reportFormat: 'PDF' }) })
      await store.save({ name: 'Alpha', request: request() })
      await store.save({ name: 'beta', request: request() })
      expect((await store.list()).map((t) => t.name)).toEqual(['Alpha', 'beta', 'zeta'])
      expect(saved).toMatchObject({
        name: 'zeta',
        reportIdentifier: 'transactions',
        reportFormat: 'PDF',
        lastRunAt: null,
      })
      expect((await store.get(saved.id)).request).toEqual(request({ reportFormat: 'PDF' }))
      expect(Date.parse(saved.updatedAt)).toBe(Date.parse(saved.createdAt))
    })

    it('refuses a name another template has in another case, naming the field', async () => {
      await store.save({ name: 'Daily EUR', request: request() })
      const refused = await caught(
        () => store.save({ name: 'daily eur', request: request() }),
        TemplateRefusedError,
      )
      expect(refused.issues).toMatchObject([
        { path: 'name', messageCode: 'report.template.name-taken' },
      ])
      expect((await store.list()).map((t) => t.name)).toEqual(['Daily EUR'])
    })

    it('refuses a request the spec does not allow, naming its field, and keeps nothing', async () => {
      const refused = await caught(
        () => store.save({ name: 'Bad', request: { ...request(), reportFormat: 7 } }),
        TemplateRefusedError,
      )
      expect(refused.issues[0]!.path).toBe('request.reportFormat')
      expect(await store.list()).toEqual([])
    })

    it('replaces a template by id, and renames one, keeping its own name in another case', async () => {
      const saved = await store.save({ name: 'Weekly', request: request() })
      const other = await store.save({ name: 'Monthly', request: request() })
      const changed = await store.save({
        id: saved.id,
        name: 'WEEKLY',
        request: request({ reportName: 'Week 48' }),
      })
      expect(changed).toMatchObject({ id: saved.id, name: 'WEEKLY' })
      expect(changed.request.reportName).toBe('Week 48')
      expect(Date.parse(changed.updatedAt)).toBeGreaterThan(Date.parse(saved.updatedAt))
      expect((await store.rename(saved.id, 'Weekly EUR')).name).toBe('Weekly EUR')
      await caught(() => store.rename(other.id, 'weekly eur'), TemplateRefusedError)
    })

    it('copies a template under a free "(copy)" name, never run', async () => {
      const saved = await store.save({ name: 'Refunds', request: request() })
      await store.markRun(saved.id)
      const copy = await store.duplicate(saved.id)
      const again = await store.duplicate(saved.id)
      expect([copy.name, again.name]).toEqual(['Refunds (copy)', 'Refunds (copy 2)'])
      expect(copy.lastRunAt).toBeNull()
      expect(copy.request).toEqual(saved.request)
    })

    it('deletes with undo: the restored template takes a free name if its own was taken', async () => {
      const saved = await store.save({ name: 'Settlement', request: request() })
      await store.remove(saved.id)
      await caught(() => store.get(saved.id), TemplateNotFoundError)
      await store.save({ name: 'settlement', request: request() })
      expect((await store.restore(saved.id)).name).toBe('Settlement 2')
      await caught(() => store.restore(saved.id), TemplateNotFoundError)
      expect(await store.freeName('Settlement')).toBe('Settlement 3')
    })

    it('lists the templates last run, newest first; a deleted one is not marked', async () => {
      const first = await store.save({ name: 'First', request: request() })
      const second = await store.save({ name: 'Second', request: request() })
      expect(await store.markRun(first.id)).toBe(true)
      expect(await store.markRun(second.id)).toBe(true)
      expect((await store.recent()).map((t) => t.name)).toEqual(['Second', 'First'])
      await store.remove(second.id)
      expect(await store.markRun(second.id)).toBe(false)
      expect((await store.recent(1)).map((t) => t.name)).toEqual(['First'])
    })

    it('forgets deleted templates for good, only those deleted before a time when one is given', async () => {
      const old = await store.save({ name: 'Old', request: request() })
      await store.remove(old.id)
      const cut = new Date(
        Date.parse((await store.save({ name: 'Cut', request: request() })).createdAt),
      )
      const recent = await store.save({ name: 'Recent', request: request() })
      await store.remove(recent.id)
      expect(await store.purgeDeleted(cut)).toBe(1)
      await caught(() => store.restore(old.id), TemplateNotFoundError)
      expect((await store.restore(recent.id)).name).toBe('Recent')
    })

    it('says which template is missing', async () => {
      for (const attempt of [
        () => store.get('nope'),
        () => store.rename('nope', 'X'),
        () => store.remove('nope'),
        () => store.duplicate('nope'),
      ]) {
        expect((await caught(attempt, TemplateNotFoundError)).message).toContain('nope')
      }
    })
  })
}
