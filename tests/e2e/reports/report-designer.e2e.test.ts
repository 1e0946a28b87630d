import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { useAppInBrowser } from '../harness/app-under-test'

const suite = useAppInBrowser()
const files = mkdtempSync(join(tmpdir(), 'gatedesk-designer-files-'))
afterAll(() => rmSync(files, { recursive: true, force: true }))

const page = () => suite.app.page
const byTestId = (id: string) => page().getByTestId(id)
const text = async (id: string) => (await byTestId(id).first().textContent())?.trim() ?? ''

/** Saves the screen at the default 1280×800 and at 1024×700, to look at both. */
async function screenshots(name: string) {
  await suite.app.screenshot(name)
  await page().setViewportSize({ width: 1024, height: 700 })
  await suite.app.screenshot(`${name}-1024`)
  await page().setViewportSize({ width: 1280, height: 800 })
}

const rows = () => byTestId('template-row')
const rowNames = () => byTestId('template-row-name').allTextContents()
const row = (name: string) => rows().filter({ has: page().getByText(name, { exact: true }) })
const field = (name: string) =>
  byTestId(`designer-input-${name}`).locator('input, textarea').first()
const raw = () => byTestId('designer-raw').locator('textarea')
const rawRequest = async () => JSON.parse(await raw().inputValue()) as Record<string, unknown>
const tab = (name: 'Fields' | 'Raw JSON') => page().getByRole('tab', { name })

async function pick(select: string, option: string) {
  await byTestId(`designer-input-${select}`).click()
  await page().locator('.n-base-select-option', { hasText: option }).first().click()
}

async function rowAction(name: string, action: string) {
  // A menu closed a moment ago may still be fading out: wait until it is gone.
  await expect.poll(() => page().locator('.n-dropdown-menu').count()).toBe(0)
  await row(name).getByTestId('template-row-menu').click()
  await page().locator('.n-dropdown-option', { hasText: action }).click()
}

const message = (text: string) => page().locator('.n-message', { hasText: text }).first()

const EXAMPLE = 'Transactions — last 30 days'

describe('the report designer', () => {
  it('opens the example template of a fresh database, ready to run on the Sandbox', async () => {
    await page().getByRole('link', { name: 'Reports' }).click()
    await expect.poll(rowNames).toEqual([EXAMPLE])
    await expect.poll(() => field('reportIdentifier').inputValue()).toBe('transactions')
    expect(await byTestId('designer-name').locator('input').inputValue()).toBe(EXAMPLE)
    expect(await text('designer-input-reportFormat')).toBe('CSV')
    expect(await text('designer-input-reportEncode')).toBe('UTF-8')
    expect(await text('designer-input-reportCsvDelimiter')).toBe('Comma ( , )')
    expect(await byTestId('designer-param-row').count()).toBe(2)
    expect(await byTestId('designer-param-date').first().locator('input').inputValue()).toMatch(
      /^\d\d\.\d\d\.\d{4}$/,
    )
    expect(await text('designer-saved')).toBe('Saved')
    await screenshots('designer-example')
  })

  it('designs a new template: the raw JSON follows the fields, and the fields follow the JSON', async () => {
    await byTestId('template-new').click()
    await expect.poll(() => byTestId('template-draft').isVisible()).toBe(true)
    expect(await text('designer-dirty')).toBe('Not saved')
    // A blank request is not valid yet: the identifier says why, at its field.
    await expect
      .poll(() => text('designer-issue-reportIdentifier'))
      .toBe('Required: the identifier of the report to run, as support gave it')

    await byTestId('designer-name').locator('input').fill('Weekly EUR')
    await field('reportIdentifier').fill('transactions')
    await field('reportName').fill('Weekly EUR sales')
    await expect.poll(() => byTestId('designer-issue-reportIdentifier').count()).toBe(0)
    await pick('reportEncode', 'windows-1251')
    await pick('reportCsvDelimiter', 'Semicolon')

    // Filters are chips: type a value and press Enter.
    const currencies = byTestId('designer-filter-currencies')
    await currencies.locator('button').click()
    await currencies.locator('input').fill('EUR')
    await currencies.locator('input').press('Enter')
    await expect.poll(() => currencies.locator('.n-tag').allTextContents()).toEqual(['EUR'])

    // Days are picked or typed DD.MM.YYYY, the gateway's format.
    await byTestId('designer-param-dates').click()
    await expect.poll(() => byTestId('designer-param-row').count()).toBe(2)
    const from = byTestId('designer-param-date').first().locator('input')
    await from.fill('01.11.2026')
    await from.press('Enter')
    const to = byTestId('designer-param-date').nth(1).locator('input')
    await to.fill('07.11.2026')
    await to.press('Enter')
    await byTestId('designer-param-add').click()
    const names = byTestId('designer-param-name').locator('input')
    await names.nth(2).fill('rowCount')
    await byTestId('designer-param-value').locator('input').fill('100')
    await screenshots('designer-new-fields')

    await tab('Raw JSON').click()
    expect(await rawRequest()).toEqual({
      reportIdentifier: 'transactions',
      reportEncode: 'windows-1251',
      reportName: 'Weekly EUR sales',
      reportCsvDelimiter: ';',
      reportFormat: 'CSV',
      configurationReportParameters: [],
      inputReportParameters: [
        { type: 'INPUT_TEXT', name: 'dateFrom', value: '01.11.2026' },
        { type: 'INPUT_TEXT', name: 'dateTo', value: '07.11.2026' },
        { type: 'INPUT_TEXT', name: 'rowCount', value: '100' },
      ],
      outputReportParameters: [],
      filters: {
        gates: [],
        companies: [],
        projects: [],
        endpoints: [],
        merchants: [],
        processors: [],
        managers: [],
        resellers: [],
        currencies: ['EUR'],
      },
    })

    // Edited as JSON, the fields follow as soon as it parses.
    const request = await rawRequest()
    request['reportFormat'] = 'PDF'
    ;(request['filters'] as Record<string, unknown>)['gates'] = [12, 'G-7']
    await raw().fill(JSON.stringify(request, null, 2))
    await tab('Fields').click()
    await expect.poll(() => text('designer-input-reportFormat')).toBe('PDF')
    expect(await byTestId('designer-filter-gates').locator('.n-tag').allTextContents()).toEqual([
      '12',
      'G-7',
    ])
    // A PDF has no CSV delimiter: the field rests, saying so, and keeps ';' for CSV again.
    const delimiter = byTestId('designer-input-reportCsvDelimiter')
    expect(await delimiter.locator('.n-base-selection--disabled').count()).toBe(1)
    expect(await text('designer-input-reportCsvDelimiter')).toBe('not used by PDF')
    // The filter lists and a parameter's type by name, not by their JSON keys.
    expect(await byTestId('designer-field-filters-gates').innerText()).toMatch(/^Gates/)
    expect(await byTestId('designer-param-type').first().innerText()).toBe('Text')

    // Text that is not JSON stays as typed, says where it breaks, and locks the fields.
    await tab('Raw JSON').click()
    expect((await rawRequest())['reportCsvDelimiter']).toBe(';')
    const broken = (await raw().inputValue()).replace('"reportName":', '"reportName"')
    await raw().fill(broken)
    await expect
      .poll(() => text('designer-raw-error'))
      .toBe(
        `Not valid JSON: Expected ':' after the property name but found '"' (line 4, column 16). Your text is kept as it is.`,
      )
    await screenshots('designer-raw-error')
    await tab('Fields').click()
    await expect.poll(() => byTestId('designer-fields-locked').isVisible()).toBe(true)
    expect(await field('reportIdentifier').isDisabled()).toBe(true)
    await tab('Raw JSON').click()
    expect(await raw().inputValue()).toBe(broken)
    await raw().fill(broken.replace('"reportName"', '"reportName":'))
    await expect.poll(() => byTestId('designer-raw-error').count()).toBe(0)
    await tab('Fields').click()
    expect(await field('reportIdentifier').isDisabled()).toBe(false)
  })

  it('saves with Ctrl+S, and says so', async () => {
    await page().keyboard.press('Control+s')
    await expect.poll(rowNames).toEqual([EXAMPLE, 'Weekly EUR'])
    await expect.poll(() => text('designer-saved')).toBe('Saved')
    expect(await byTestId('template-draft').count()).toBe(0)
    expect(await row('Weekly EUR').locator('.row').getAttribute('aria-current')).toBe('true')

    // A change shows as unsaved in the editor and the list until saved again.
    await field('reportName').fill('Weekly EUR sales, PDF')
    await expect.poll(() => text('designer-dirty')).toBe('Unsaved changes')
    expect(await row('Weekly EUR').getByTestId('template-row-dirty').count()).toBe(1)
    await screenshots('designer-unsaved')

    // Opening another template asks before the change is dropped; Cancel keeps it.
    await row(EXAMPLE).click()
    const dialog = page().locator('.n-dialog')
    await expect.poll(() => dialog.textContent()).toContain('Discard unsaved changes?')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect.poll(() => dialog.count()).toBe(0)
    expect(await field('reportName').inputValue()).toBe('Weekly EUR sales, PDF')
    expect(await text('designer-dirty')).toBe('Unsaved changes')

    await byTestId('designer-save').click()
    await expect.poll(() => text('designer-saved')).toBe('Saved')
  })

  it('renames in place, refusing a name another template has', async () => {
    await row('Weekly EUR').dblclick()
    const box = byTestId('template-rename-input').locator('input')
    await box.fill(EXAMPLE.toUpperCase())
    await box.press('Enter')
    await expect
      .poll(() => text('template-rename-issue'))
      .toBe(`A template named “${EXAMPLE.toUpperCase()}” already exists: choose another name.`)
    await screenshots('designer-rename-taken')
    await box.fill('Weekly EUR (PDF)')
    await box.press('Enter')
    await expect.poll(rowNames).toEqual([EXAMPLE, 'Weekly EUR (PDF)'])
    expect(await byTestId('designer-name').locator('input').inputValue()).toBe('Weekly EUR (PDF)')
    expect(await text('designer-saved')).toBe('Saved')
  })

  it('duplicates as "… (copy)", deletes it, and undoes the delete with the button and with Ctrl+Z', async () => {
    await rowAction('Weekly EUR (PDF)', 'Duplicate')
    await expect.poll(rowNames).toEqual([EXAMPLE, 'Weekly EUR (PDF)', 'Weekly EUR (PDF) (copy)'])
    await expect
      .poll(() => byTestId('designer-name').locator('input').inputValue())
      .toBe('Weekly EUR (PDF) (copy)')
    expect(await text('designer-input-reportFormat')).toBe('PDF')

    await rowAction('Weekly EUR (PDF) (copy)', 'Delete')
    await expect.poll(rowNames).toEqual([EXAMPLE, 'Weekly EUR (PDF)'])
    await expect
      .poll(() => text('template-deleted'))
      .toBe('Deleted “Weekly EUR (PDF) (copy)”. Undo (Ctrl+Z)')
    // The editor moved on to a template that still exists.
    expect(await byTestId('designer-name').locator('input').inputValue()).not.toContain('(copy)')
    await screenshots('designer-deleted')
    await byTestId('template-undo').click()
    await expect.poll(rowNames).toEqual([EXAMPLE, 'Weekly EUR (PDF)', 'Weekly EUR (PDF) (copy)'])

    await rowAction('Weekly EUR (PDF) (copy)', 'Delete')
    await expect.poll(rowNames).toEqual([EXAMPLE, 'Weekly EUR (PDF)'])
    await page()
      .locator('body')
      .click({ position: { x: 5, y: 5 } })
    await page().keyboard.press('Control+z')
    await expect.poll(rowNames).toEqual([EXAMPLE, 'Weekly EUR (PDF)', 'Weekly EUR (PDF) (copy)'])
  })

  it('finds templates by name or report', async () => {
    await byTestId('template-search').locator('input').fill('pdf copy')
    await expect.poll(rowNames).toEqual(['Weekly EUR (PDF) (copy)'])
    await byTestId('template-search').locator('input').fill('nothing like it')
    await expect.poll(() => text('template-none')).toBe('No template matches.')
    await byTestId('template-search').locator('input').fill('')
    await expect.poll(() => rows().count()).toBe(3)
  })

  it('imports a JSON template with problems as a draft, showing each at its field', async () => {
    await row('Weekly EUR (PDF)').click()
    await expect
      .poll(() => byTestId('designer-name').locator('input').inputValue())
      .toBe('Weekly EUR (PDF)')
    const file = join(files, 'monthly-usd.json')
    writeFileSync(
      file,
      JSON.stringify({
        reportIdentifier: '',
        reportEncode: 'UTF-8',
        reportName: 'Monthly USD',
        reportCsvDelimiter: ',',
        reportFormat: 7,
        configurationReportParameters: [],
        inputReportParameters: [{ type: 'INPUT_TEXT', name: 'dateFrom' }],
        outputReportParameters: [],
        filters: { currencies: ['USD'] },
      }),
    )
    suite.gatedesk.dialogs.nextOpen = file
    await byTestId('template-import').click()
    await expect.poll(() => byTestId('template-draft').textContent()).toContain('Monthly USD')
    expect(await text('designer-imported')).toBe(
      'Imported from monthly-usd.json: a draft until you save it.',
    )
    await expect
      .poll(() => text('designer-issue-reportIdentifier'))
      .toBe('Required: the identifier of the report to run, as support gave it')
    expect(await text('designer-issue-reportFormat')).toBe('Must be text, not a number')
    // The part of the parameter by its column's label, not its JSON key (value).
    expect(await text('designer-issue-inputReportParameters-0')).toBe(
      'Value: Missing: write text here',
    )
    expect(await text('designer-input-reportFormat')).toBe('7')
    expect(await byTestId('designer-save').isDisabled()).toBe(false)
    await screenshots('designer-import-issues')

    // Nothing invalid is saved: Save says what to fix, and the list is as it was.
    await byTestId('designer-save').click()
    await expect.poll(() => message('fix the fields marked in red').isVisible()).toBe(true)
    expect(await rowNames()).toEqual([EXAMPLE, 'Weekly EUR (PDF)', 'Weekly EUR (PDF) (copy)'])

    await field('reportIdentifier').fill('transactions')
    await pick('reportFormat', 'CSV')
    await byTestId('designer-param-date').locator('input').fill('01.10.2026')
    await byTestId('designer-param-date').locator('input').press('Enter')
    await expect.poll(() => byTestId('designer-issue-reportFormat').count()).toBe(0)
    expect(await byTestId('designer-issue-inputReportParameters-0').count()).toBe(0)
    await byTestId('designer-save').click()
    await expect.poll(rowNames).toContain('Monthly USD')
    expect(await text('designer-saved')).toBe('Saved')
  })

  it('exports the open template as the JSON file of spec 2.1', async () => {
    const target = join(files, 'exported.json')
    suite.gatedesk.dialogs.nextSave = target
    await byTestId('template-export').click()
    await expect.poll(() => message('Exported to exported.json').isVisible()).toBe(true)
    expect(readFileSync(target, 'utf8')).toBe(
      `${JSON.stringify(
        {
          reportIdentifier: 'transactions',
          reportEncode: 'UTF-8',
          reportName: 'Monthly USD',
          reportCsvDelimiter: ',',
          reportFormat: 'CSV',
          configurationReportParameters: [],
          inputReportParameters: [{ type: 'INPUT_TEXT', name: 'dateFrom', value: '01.10.2026' }],
          outputReportParameters: [],
          filters: { currencies: ['USD'] },
        },
        null,
        2,
      )}\n`,
    )
  })

  it('lists the templates run last under "Recently run", one click from the editor', async () => {
    expect(await byTestId('template-recent').count()).toBe(0)
    // A run marks its template in main (as the run engineer's handler does after each run).
    await page().evaluate(async (name) => {
      const list = await window.gatedesk.invoke('templates:list')
      if (!list.ok) throw new Error(list.error.message)
      const example = list.value.templates.find((template) => template.name === name)!
      const marked = await window.gatedesk.invoke('templates:mark-run', { id: example.id })
      if (!marked.ok) throw new Error(marked.error.message)
    }, EXAMPLE)
    await page().getByRole('link', { name: 'History' }).click()
    await page().getByRole('link', { name: 'Reports' }).click()
    await expect
      .poll(() => byTestId('template-recent-item').allInnerTexts())
      .toEqual([`${EXAMPLE}\nran just now`])
    await screenshots('designer-recent')
    await byTestId('template-recent-item').click()
    await expect.poll(() => byTestId('designer-name').locator('input').inputValue()).toBe(EXAMPLE)
  })

  it('opens a file that is not JSON in the raw tab, where it breaks', async () => {
    const file = join(files, 'broken.json')
    writeFileSync(file, '{\n  "reportIdentifier": "transactions",\n  "reportName": "x",\n}\n')
    suite.gatedesk.dialogs.nextOpen = file
    await byTestId('template-import').click()
    // It can only be mended as text: the raw JSON tab comes to the front.
    await expect.poll(() => byTestId('designer-raw-error').isVisible()).toBe(true)
    expect(await text('designer-raw-error')).toBe(
      "Not valid JSON: A comma before '}': remove it (line 4, column 1). Your text is kept as it is.",
    )
    expect(await raw().inputValue()).toBe(
      '{\n  "reportIdentifier": "transactions",\n  "reportName": "x",\n}\n',
    )
    await screenshots('designer-import-broken')
    await tab('Fields').click()
    await expect.poll(() => byTestId('designer-fields-locked').isVisible()).toBe(true)
    expect(suite.app.pageErrors).toEqual([])
    expect(await suite.app.cspViolations()).toEqual([])
  })
})
