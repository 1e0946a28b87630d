import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { useAppInBrowser } from '../harness/app-under-test'
import { atZoom150, chooseLanguage, screenLooks } from './screen-looks'

// Saved views of an opened file: kept by name for files with its header, applied again, the last
// used restored when such a file opens.
const HEADER = ['Transaction_id', 'Created_date', 'Amount', 'Currency', 'Email']
const ROWS = 60
const USD_ROWS = ROWS / 2
const row = (i: number) => [
  String(7000 + i),
  `2026-11-${String(2 + (i % 7)).padStart(2, '0')} 10:00:00`,
  `${(i % 50) + 10}.50`,
  ['EUR', 'USD'][i % 2]!,
  `buyer${i}@example.com`,
]
const dir = mkdtempSync(join(tmpdir(), 'gatedesk-report-views-'))
const file = join(dir, 'transactions.csv')
writeFileSync(
  file,
  [HEADER, ...Array.from({ length: ROWS }, (_, i) => row(i))].map((r) => r.join(',')).join('\r\n'),
)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const suite = useAppInBrowser()
const page = () => suite.app.page
const byTestId = (id: string) => page().getByTestId(id)
const menu = () => byTestId('report-views-menu')
const showing = (n: number) =>
  expect
    .poll(() => byTestId('report-count').textContent(), { timeout: 10_000 })
    .toBe(`Showing ${n} of ${ROWS} rows`)
const showsEmail = () =>
  byTestId('report-table')
    .locator('[role="columnheader"]')
    .evaluateAll((cells) => cells.some((cell) => cell.textContent!.includes('Email')))

async function openFile(shown = ROWS) {
  suite.gatedesk.dialogs.nextOpen = file
  await byTestId('open-report-file').click()
  await showing(shown)
}
async function openMenu() {
  if (!(await menu().isVisible())) await byTestId('report-views').click()
  await menu().waitFor()
}
async function closeMenu() {
  await page().keyboard.press('Escape')
  await page().mouse.click(5, 5)
  await menu().waitFor({ state: 'hidden' })
}
async function saveAs(name: string) {
  await openMenu()
  await menu().getByTestId('view-new-name').locator('input').fill(name)
  await menu().getByTestId('view-save').click()
}

describe('saved views of a report', () => {
  it('save the columns, search and sort by name, shown on the Views button', async () => {
    await page().getByRole('link', { name: 'Reports' }).click()
    await openFile()
    expect(await showsEmail()).toBe(true)
    await byTestId('report-columns').click()
    await byTestId('column-shown-Email').click()
    await page().mouse.click(5, 5)
    await byTestId('report-search').locator('input').fill('USD')
    await showing(USD_ROWS)
    await saveAs('USD only')
    await expect.poll(() => byTestId('report-views').textContent()).toContain('View: USD only')
    expect(await showsEmail()).toBe(false)

    await openMenu()
    await screenLooks(suite.app, 'report-views-menu', { russian: false })
    await chooseLanguage(suite.app, 'Русский')
    await openMenu()
    await suite.app.screenshot('report-views-menu-ru')
    await chooseLanguage(suite.app, 'English')
  })

  it('refuse a name the report already has, keeping what was typed', async () => {
    await byTestId('report-search').locator('input').fill('')
    await showing(ROWS)
    await saveAs('All rows')
    await expect.poll(() => byTestId('report-views').textContent()).toContain('View: All rows')
    await saveAs('usd ONLY')
    await expect
      .poll(() => menu().getByTestId('view-refusal').textContent())
      .toBe('This report already has a view named “usd ONLY”: choose another name.')
    expect(await menu().getByTestId('view-new-name').locator('input').inputValue()).toBe('usd ONLY')
    await suite.app.screenshot('report-views-refused')

    await menu().getByTestId('view-All rows').getByTestId('view-rename').click()
    await menu().getByTestId('view-rename-name').locator('input').fill('USD only')
    await menu().getByTestId('view-rename-save').click()
    await expect
      .poll(() => menu().getByTestId('view-refusal').first().textContent())
      .toBe('This report already has a view named “USD only”: choose another name.')
    await menu().getByTestId('view-rename-name').locator('input').fill('Everything')
    await menu().getByTestId('view-rename-save').click()
    await expect.poll(() => menu().getByTestId('view-Everything').count()).toBe(1)
  })

  it('apply a view, and bring back the last used when a file with the header opens', async () => {
    await menu().getByTestId('view-USD only').getByTestId('view-apply').click()
    await showing(USD_ROWS)
    expect(await byTestId('report-search').locator('input').inputValue()).toBe('USD')
    await closeMenu()

    await openFile(USD_ROWS)
    await expect.poll(() => byTestId('report-views').textContent()).toContain('View: USD only')
    expect(await showsEmail()).toBe(false)
  })

  it('reads at 150 % zoom, light and dark, in English and Russian', async () => {
    const looks = [
      {
        name: 'report-views-menu-150',
        locale: 'en-US',
        reports: 'Reports',
        view: 'View: USD only',
      },
      {
        name: 'report-views-menu-150-ru',
        locale: 'ru-RU',
        reports: 'Отчёты',
        view: 'Представление: USD only',
      },
    ]
    for (const { name, locale, reports, view } of looks) {
      await atZoom150(
        suite.app,
        suite.gatedesk.harness,
        async (zoomed) => {
          await zoomed.page.getByRole('link', { name: reports }).click()
          suite.gatedesk.dialogs.nextOpen = file
          await zoomed.page.getByTestId('open-report-file').click()
          // The last used view comes back with the file: its name on the button.
          await expect
            .poll(() => zoomed.page.getByTestId('report-views').textContent(), { timeout: 10_000 })
            .toContain(view)
          // Its search once the file is read: the rows it shows, not the first read.
          await expect
            .poll(() => zoomed.page.getByTestId('report-search').locator('input').inputValue())
            .toBe('USD')
          await zoomed.page.getByTestId('report-views').click()
          await zoomed.page.getByTestId('report-views-menu').waitFor()
          await zoomed.page.mouse.move(1, 1)
          await zoomed.screenshot(name)
          await zoomed.scheme('dark')
          await zoomed.screenshot(`${name}-dark`)
          expect(zoomed.pageErrors).toEqual([])
        },
        { locale },
      )
    }
  })

  it('delete a view once the user confirms', async () => {
    await openMenu()
    await menu().getByTestId('view-Everything').getByTestId('view-delete').click()
    await page().locator('.n-popconfirm').getByRole('button', { name: 'Delete' }).click()
    await expect.poll(() => menu().getByTestId('view-Everything').count()).toBe(0)
    expect(await menu().getByTestId('view-USD only').count()).toBe(1)
  })
})
