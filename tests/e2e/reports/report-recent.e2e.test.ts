import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { useAppInBrowser } from '../harness/app-under-test'
import { atZoom150, chooseLanguage, screenLooks } from './screen-looks'

// Open recent: the files opened lately listed newest first on the Reports screen, each opening
// again in the view it was left in; a file moved away is said to be missing, and can be removed.
const HEADER = ['Transaction_id', 'Created_date', 'Amount', 'Currency', 'Status']
const ROWS = 40
const STATUSES = ['approved', 'declined', 'approved', 'pending']
const row = (i: number) => [
  String(5000 + i),
  `2026-11-${String(1 + (i % 20)).padStart(2, '0')} 09:30:00`,
  `${i * 3}.10`,
  ['EUR', 'USD'][i % 2]!,
  STATUSES[i % 4]!,
]
const dir = mkdtempSync(join(tmpdir(), 'gatedesk-report-recent-'))
const write = (name: string) => {
  const path = join(dir, name)
  writeFileSync(
    path,
    [HEADER, ...Array.from({ length: ROWS }, (_, i) => row(i))]
      .map((r) => r.join(','))
      .join('\r\n'),
  )
  return path
}
const settlement = write('settlement-november.csv')
const declines = write('declines-week-47.csv')
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const suite = useAppInBrowser()
const page = () => suite.app.page
const byTestId = (id: string) => page().getByTestId(id)
const countText = () => byTestId('report-count').textContent()
const showing = (n: number) =>
  expect.poll(countText, { timeout: 10_000 }).toBe(`Showing ${n} of ${ROWS} rows`)
const notDeclined = STATUSES.filter((status) => status !== 'declined').length * (ROWS / 4)
const popover = () => page().locator('.recent-in-popover')
const listed = () => popover().getByTestId('recent-open').locator('.name').allTextContents()
const chips = () => byTestId('filter-chip').locator('.text').allTextContents()

async function openFile(path: string) {
  suite.gatedesk.dialogs.nextOpen = path
  await byTestId('open-report-file').click()
  await showing(ROWS)
}
/** Opens the list (unless open: the button says, as a closing list still shows while it fades). */
async function showRecent() {
  const button = byTestId('recent-reports-button')
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click()
  await popover().waitFor()
}
async function closeRecent() {
  await page().keyboard.press('Escape')
  await popover().waitFor({ state: 'hidden' })
}

describe('open recent', () => {
  it('lists the files opened, newest first, and says so when there are none yet', async () => {
    await page().getByRole('link', { name: 'Reports' }).click()
    await showRecent()
    expect(await popover().getByTestId('recent-none').textContent()).toContain(
      'No reports opened yet.',
    )
    await closeRecent()

    await openFile(settlement)
    // The view it is left in: amounts largest first, declined left out.
    const amount = byTestId('column-Amount').getByTestId('column-sort')
    await amount.click()
    await amount.click()
    await expect.poll(() => byTestId('column-Amount').getAttribute('aria-sort')).toBe('descending')
    await byTestId('column-Status').getByTestId('column-filter').click()
    await byTestId('filter-kind-notEquals').click()
    await byTestId('filter-value').locator('input').fill('declined')
    await byTestId('filter-value').locator('input').press('Enter')
    await showing(notDeclined)
    // The view reaches main once it settles (half a second).
    await page().waitForTimeout(1200)

    await openFile(declines)
    await showRecent()
    expect(await listed()).toEqual(['declines-week-47.csv', 'settlement-november.csv'])
    await screenLooks(suite.app, 'report-recent', { russian: false })
    await chooseLanguage(suite.app, 'Русский')
    await showRecent()
    await suite.app.screenshot('report-recent-ru')
    await closeRecent()
    await chooseLanguage(suite.app, 'English')
    for (const [locale, suffix] of [
      ['en-US', ''],
      ['ru-RU', '-ru'],
    ] as const) {
      await atZoom150(
        suite.app,
        suite.gatedesk.harness,
        async (zoomed) => {
          await zoomed.page
            .getByRole('link', { name: locale === 'en-US' ? 'Reports' : 'Отчёты' })
            .click()
          await zoomed.page.getByTestId('recent-reports-button').click()
          await zoomed.page.locator('.recent-in-popover').waitFor()
          await zoomed.page.mouse.move(1, 1)
          await zoomed.screenshot(`report-recent-150${suffix}`)
          expect(zoomed.pageErrors).toEqual([])
        },
        { locale },
      )
    }
  })

  it('reopens a file from the keyboard in the view it was left in', async () => {
    await showRecent()
    // The list has the keyboard: Down to the second report, Enter opens it.
    await expect
      .poll(() => page().evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('recent-open')
    await page().keyboard.press('ArrowDown')
    await page().keyboard.press('Enter')
    await expect.poll(() => byTestId('result-name').textContent()).toBe('settlement-november.csv')
    await showing(notDeclined)
    expect(await chips()).toEqual(['Status ≠ declined'])
    await expect.poll(() => byTestId('column-Amount').getAttribute('aria-sort')).toBe('descending')
    // Now the newest.
    await showRecent()
    expect(await listed()).toEqual(['settlement-november.csv', 'declines-week-47.csv'])
    await closeRecent()
  })

  it('says a file moved away is missing, and removes it from the list', async () => {
    rmSync(declines)
    // The list is read again as it opens: the file's state now.
    await showRecent()
    await expect
      .poll(() => popover().getByTestId('recent-entry').nth(1).getAttribute('data-missing'))
      .toBe('true')
    await popover().getByTestId('recent-open').nth(1).click()
    await expect
      .poll(() => popover().getByTestId('recent-problem').textContent())
      .toContain('"declines-week-47.csv" is no longer where it was opened from')
    // Nothing else happened: the report on show is still the one before.
    expect(await byTestId('result-name').textContent()).toBe('settlement-november.csv')
    await screenLooks(suite.app, 'report-recent-missing', { russian: false })
    // In Russian, the reason too (worded in the window's language when shown).
    await chooseLanguage(suite.app, 'Русский')
    await showRecent()
    await expect
      .poll(() => popover().getByTestId('recent-problem').textContent())
      .toContain('Файла «declines-week-47.csv» больше нет')
    await suite.app.screenshot('report-recent-missing-ru')
    await closeRecent()
    await chooseLanguage(suite.app, 'English')
    await showRecent()
    await popover().getByTestId('recent-remove').nth(1).click()
    await expect.poll(listed).toEqual(['settlement-november.csv'])
    expect(suite.app.pageErrors).toEqual([])
  })
})
