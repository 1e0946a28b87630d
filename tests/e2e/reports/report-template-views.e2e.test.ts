import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { useAppInBrowser } from '../harness/app-under-test'

// A template file's saved views: imported with the template when its draft is saved, exported
// with it again.
const files = mkdtempSync(join(tmpdir(), 'gatedesk-template-views-'))
afterAll(() => rmSync(files, { recursive: true, force: true }))

const request = {
  reportIdentifier: 'transactions',
  reportEncode: 'UTF-8',
  reportName: 'Shared weekly',
  reportCsvDelimiter: ',',
  reportFormat: 'CSV',
  configurationReportParameters: [],
  inputReportParameters: [{ type: 'INPUT_TEXT', name: 'dateFrom', value: '01.10.2026' }],
  outputReportParameters: [],
  filters: { currencies: ['EUR'] },
}
const view = {
  name: 'EUR first',
  content: {
    header: ['Id', 'Amount', 'Currency'],
    columns: { order: [2, 1, 0], widths: [80, 100, 60], pinned: [2], hidden: [] },
    query: { sort: [{ column: 1, descending: true }], filters: [], search: 'EUR' },
  },
}

const suite = useAppInBrowser()
const page = () => suite.app.page
const byTestId = (id: string) => page().getByTestId(id)

/** The saved views of the template named `name`, as main lists them. */
const viewsOf = (name: string) =>
  page().evaluate(async (name) => {
    const list = await window.gatedesk.invoke('templates:list')
    if (!list.ok) throw new Error(list.error.message)
    const template = list.value.templates.find((item) => item.name === name)
    if (!template) return null
    const scope = { kind: 'template' as const, templateId: template.id }
    const views = await window.gatedesk.invoke('report-views:list', { scope })
    if (!views.ok) throw new Error(views.error.message)
    return views.value.views.map((item) => item.name)
  }, name)

describe('saved views in template files', () => {
  it('come with an imported template once its draft is saved, and go out with its export', async () => {
    const file = join(files, 'shared.json')
    writeFileSync(
      file,
      JSON.stringify({ ...request, gatedeskViews: { version: 2, views: [view] } }),
    )
    await page().getByRole('link', { name: 'Reports' }).click()
    suite.gatedesk.dialogs.nextOpen = file
    await byTestId('template-import').click()
    await expect.poll(() => byTestId('template-draft').textContent()).toContain('Shared weekly')
    expect(await viewsOf('Shared weekly')).toBeNull()
    await byTestId('designer-save').click()
    await expect.poll(() => viewsOf('Shared weekly')).toEqual(['EUR first'])

    const target = join(files, 'exported.json')
    suite.gatedesk.dialogs.nextSave = target
    await byTestId('template-export').click()
    await expect
      .poll(() => readFileSync(target, 'utf8').length, { timeout: 10_000 })
      .toBeGreaterThan(0)
    expect(JSON.parse(readFileSync(target, 'utf8'))).toEqual({
      ...request,
      gatedeskViews: { version: 2, views: [view] },
    })
  })
})
