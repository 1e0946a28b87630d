import { existsSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { en } from '../../../preload/contract/locales/en'
import { ru } from '../../../preload/contract/locales/ru'
import { startAppUnderTest, type AppUnderTest } from '../harness/app-under-test'
import { launchChromium, openApp, type AppPage } from '../harness/browser'

/** The screens whose every text comes from the locale files, with the namespaces they use. */
const SCREENS = [
  { id: 'keys', namespaces: ['keys', 'environments'] },
  { id: 'sandbox', namespaces: ['sandbox'] },
  { id: 'history', namespaces: ['history'] },
  { id: 'bulk', namespaces: ['bulk'] },
  // Last: the language switch below expects this screen on show.
  // The example template's seeded name too (reportRequest.exampleTemplate), shown in Russian.
  { id: 'reports', namespaces: ['reports', 'reportRequest'] },
] as const

type Tree = { [key: string]: string | Tree }
const texts = (tree: Tree): string[] =>
  Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : texts(value)))

/**
 * English sentences of these namespaces that Russian words differently: none may show on the
 * Russian screen. Only texts with a space and no placeholder, so data ("Sandbox") never counts.
 */
function englishLeftovers(namespaces: readonly (keyof typeof en)[]): string[] {
  const russian = new Set(namespaces.flatMap((name) => texts(ru[name] as Tree)))
  return namespaces
    .flatMap((name) => texts(en[name] as Tree))
    .filter((text) => text.includes(' ') && !/[{|]/.test(text) && !russian.has(text))
}

let gatedesk: AppUnderTest
let browser: Browser
beforeAll(async () => {
  if (!existsSync('out/renderer/index.html')) {
    throw new Error('The renderer is not built: run "npm run build" (npm run test:e2e does it).')
  }
  gatedesk = await startAppUnderTest()
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
  await gatedesk?.close()
})

const open = (locale: string) =>
  openApp(browser, gatedesk.harness, { viewport: { width: 1280, height: 800 }, locale })

async function visit(page: Page, title: string) {
  await page.getByRole('link', { name: title, exact: true }).click()
  await expect.poll(() => page.getByRole('heading', { name: title }).isVisible()).toBe(true)
}

async function chooseLanguage(page: Page, name: string) {
  await page.getByTestId('language-switch').click()
  await page.locator('.n-base-select-option').getByText(name, { exact: true }).click()
}

describe('the window in English and Russian', () => {
  it('starts in Russian when the OS speaks Russian, on every converted screen', async () => {
    const app: AppPage = await open('ru-RU')
    const { page } = app
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ru')
    for (const section of Object.values(ru.shell.sections)) {
      expect(await page.getByRole('link', { name: section.title, exact: true }).isVisible()).toBe(
        true,
      )
    }
    await expect.poll(() => page.getByTestId('about').textContent()).toBe('Версия 0.1.0-e2e')

    for (const screen of SCREENS) {
      await visit(page, ru.shell.sections[screen.id].title)
      await page.waitForTimeout(300)
      const shown = await page.locator('main').innerText()
      const leftovers = englishLeftovers(screen.namespaces).filter((text) => shown.includes(text))
      expect(leftovers, screen.id).toEqual([])
      await app.screenshot(`i18n-ru-${screen.id}`)
    }

    // The designer names the request's parts in words: filter lists, an input parameter's type.
    expect(await page.getByTestId('designer-field-filters-gates').innerText()).toContain(
      ru.reportRequest.filters.gates,
    )
    expect(await page.getByTestId('designer-param-type').first().innerText()).toBe(
      ru.reportRequest.parameterTypes.INPUT_TEXT,
    )

    // The other screens, converted by their own work, in Russian too.
    for (const id of ['recurring'] as const) {
      await page.getByRole('link', { name: ru.shell.sections[id].title, exact: true }).click()
      await expect.poll(() => new URL(page.url()).hash).toBe(`#/${id}`)
      await page.waitForTimeout(300)
      await app.screenshot(`i18n-ru-${id}`)
    }

    // The Bulk screen with rows to check: its counts and table in Russian.
    await visit(page, ru.shell.sections.bulk.title)
    await page.getByTestId('bulk-paste-open').click()
    await page
      .getByTestId('bulk-paste-text')
      .locator('textarea')
      .fill('recurring-payment-id\tamount\nRP-1\tabc\n')
    await page.getByTestId('bulk-paste').click()
    await expect
      .poll(() => page.getByTestId('bulk-counts').textContent())
      .toMatch(/1 строка · с ошибками: 1 · исключено: 0/)
    const bulkShown = await page.locator('main').innerText()
    expect(englishLeftovers(['bulk']).filter((text) => bulkShown.includes(text))).toEqual([])
    expect(bulkShown).toContain(ru.bulk.preview.hint)
    // The row's problem, worded from main's code, at its cell and in the problems column.
    const badAmount = ru.main.recurring['invalid-format']
      .replace('{parameter}', 'amount')
      .replace('{expects}', ru.main.expects.amount)
    // The field named once by its Russian label, its spec name once (in code font), not
    // "amount: amount в неверном формате".
    const labelled = `${ru.recurring.fields.amount.label}: ${badAmount}`
    expect(await page.getByTestId('bulk-cell-1-1').getAttribute('title')).toContain(labelled)
    expect(await page.getByTestId('bulk-problems-1').textContent()).toBe(labelled)
    expect(await page.getByTestId('bulk-problems-1').locator('code').allTextContents()).toEqual([
      'amount',
    ])
    await app.screenshot('i18n-ru-bulk-import')

    // Russian plurals and a message worded in the window from main's counts.
    await visit(page, ru.shell.sections.sandbox.title)
    await page.getByTestId('advance-days').locator('input').fill('2')
    await page.getByTestId('advance').click()
    await expect
      .poll(() => page.getByTestId('advance-summary').textContent())
      .toMatch(/^Дата сдвинута с \d\d\.\d\d\.\d{4} на \d\d\.\d\d\.\d{4}: \d+ списани(е|я|й)/)
    await app.screenshot('i18n-ru-sandbox-advanced')

    // Why a profile stopped and a charge declined, worded from the sandbox's codes: the seeded
    // trial stopped at its max-repeats-number, and years on the demo cards have expired.
    const trial = page.getByTestId('profiles').locator('tr', { hasText: '100005' })
    expect(await trial.locator('span[title]').getAttribute('title')).toBe(
      ru.main.sandbox['stop-reason']['max-repeats'],
    )
    await page.getByTestId('advance-days').locator('input').fill('2200')
    await page.getByTestId('advance').click()
    const latest = page.getByTestId('transactions').locator('tbody tr').first()
    await expect
      .poll(() => latest.textContent(), { timeout: 20_000 })
      .toContain(ru.main.sandbox['decline-reason']['card-expired'])
    expect(await latest.textContent()).not.toContain(
      en.main.sandbox['decline-reason']['card-expired'],
    )
    await app.screenshot('i18n-ru-sandbox-declined')

    // A native file dialog opened from the Russian window has a Russian title and file types.
    await visit(page, ru.shell.sections.reports.title)
    await page.getByTestId('open-report-file').click()
    await expect.poll(() => gatedesk.dialogs.titles.at(-1)).toBe(ru.reports.dialogs.open)
    expect(gatedesk.dialogs.filters.at(-1)).toEqual([
      { name: ru.common.dialogFilters.reports, extensions: ['csv', 'txt', 'tsv', 'pdf'] },
      { name: ru.common.dialogFilters.allFiles, extensions: ['*'] },
    ])

    // The environment form, its rules included, in Russian.
    await visit(page, ru.shell.sections.keys.title)
    await page.getByTestId('add-environment').click()
    await page.getByTestId('field-baseUrl').locator('input').fill('http://gate.example.com')
    await page.getByTestId('save-environment').click()
    const form = page.getByTestId('environment-form')
    await expect.poll(() => form.textContent()).toContain(ru.main.environment['base-url-https'])
    await expect.poll(() => form.textContent()).toContain(ru.environments.rules.required.name)
    await app.screenshot('i18n-ru-environment-form')
    expect(app.pageErrors).toEqual([])
    await page.context().close()
  })

  it("runs a report in Russian: main's outcome and the table's counts in Russian words and numbers", async () => {
    const app = await open('ru-RU')
    const { page } = app
    await visit(page, ru.shell.sections.reports.title)
    const run = page.getByTestId('run-report')
    await expect.poll(() => run.isEnabled(), { timeout: 20_000 }).toBe(true)
    await run.click()
    await expect
      .poll(() => page.getByTestId('run-outcome-report').isVisible(), { timeout: 30_000 })
      .toBe(true)
    expect(await page.getByTestId('run-outcome-report').textContent()).toContain(
      ru.reports.run.outcomes.report,
    )
    // Size and duration in Russian units, with a decimal comma.
    expect(await page.getByTestId('run-message').textContent()).toMatch(
      /^Получен отчёт CSV: (\d+ байта?|\d+(,\d+)? (КБ|МБ)) за (\d+ мс|\d+,\d с)\.$/,
    )
    // The footer counts rows with Russian plural forms ("из 21 строки", "из 300 строк").
    await expect
      .poll(() => page.getByTestId('report-count').textContent(), { timeout: 20_000 })
      .toMatch(/^\s*Показано [\d\u00a0]+ из ([\d\u00a0]*1 строки|[\d\u00a0]+ строк)\s*$/)
    const shown = await page.locator('main').innerText()
    expect(englishLeftovers(['reports']).filter((text) => shown.includes(text))).toEqual([])
    expect(shown).not.toMatch(/Received a|Showing/)
    await app.screenshot('i18n-ru-report-run')

    // The designer words a field's problem in Russian too.
    await page.locator('.n-tabs-tab', { hasText: ru.reports.tabs.design }).click()
    const editorTab = (name: string) =>
      page.getByTestId('template-editor').locator('.n-tabs-tab', { hasText: name })
    await editorTab(ru.reports.editor.raw).click()
    const raw = page.getByTestId('designer-raw').locator('textarea')
    const request = JSON.parse(await raw.inputValue()) as Record<string, unknown>
    await raw.fill(JSON.stringify({ ...request, reportFormat: 7 }, null, 2))
    await editorTab(ru.reports.editor.fields).click()
    await expect
      .poll(() => page.getByTestId('designer-issue-reportFormat').textContent())
      .toBe('Ожидается текст, а не число')

    // History words the stored outcome in Russian too (main keeps its code, not only English).
    await visit(page, ru.shell.sections.history.title)
    const newest = page.getByTestId('history-table').locator('tbody tr.history-row').first()
    await expect.poll(() => newest.textContent(), { timeout: 10_000 }).toMatch(/Получен отчёт CSV/)
    expect(await newest.textContent()).not.toMatch(/Received a/)
    await app.screenshot('i18n-ru-history-report-run')
    expect(app.pageErrors).toEqual([])
    await page.context().close()
  })

  it('switches language by hand, keeps the choice after a restart, and switches back', async () => {
    const app = await open('en-US')
    const { page } = app
    for (const screen of SCREENS) {
      await visit(page, en.shell.sections[screen.id].title)
      await app.screenshot(`i18n-en-${screen.id}`)
    }
    await chooseLanguage(page, 'Русский')
    // The screen on show is worded again at once, without leaving it.
    await expect
      .poll(() => page.getByRole('heading', { name: ru.shell.sections.reports.title }).isVisible())
      .toBe(true)
    await visit(page, ru.shell.sections.history.title)
    await expect
      .poll(() => page.getByTestId('history-applied').textContent())
      .toBe(ru.history.filters.showingAll)

    await page.reload()
    await expect
      .poll(() => page.getByRole('link', { name: ru.shell.sections.keys.title }).isVisible())
      .toBe(true)

    await chooseLanguage(page, 'English')
    await expect
      .poll(() => page.getByRole('link', { name: en.shell.sections.keys.title }).isVisible())
      .toBe(true)
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en')
    expect(app.pageErrors).toEqual([])
    await page.context().close()
  })
})
