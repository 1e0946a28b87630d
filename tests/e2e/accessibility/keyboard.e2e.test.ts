import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useAppInBrowser } from '../harness/app-under-test'
import { focusedElement, focusRingPixels, ringPerimeter, tabTo } from '../harness/focus-look'

const suite = useAppInBrowser()
const page = () => suite.app.page
const byTestId = (id: string) => page().getByTestId(id)
const focused = () => page().locator(':focus')

/**
 * Tabs to the element and checks its focus ring is drawn: a clear change along the outline of
 * the element, or of its box `drawnAs` (an ancestor) when that is what shows focus.
 */
async function tabToVisibly(selector: string, drawnAs?: string) {
  await tabTo(page(), selector)
  const element = focused()
  const box = drawnAs ? element.locator(`xpath=ancestor::*[${drawnAs}][1]`) : element
  const perimeter = await ringPerimeter(box)
  expect(await focusRingPixels(page(), element, box)).toBeGreaterThan(perimeter)
}

/** Goes to a section as a keyboard user: Tab to its link in the navigation, then Enter. */
async function goTo(section: string) {
  await tabToVisibly(
    `nav a:not([tabindex="-1"])[href$="${section}"]`,
    'contains(concat(" ", @class, " "), " n-menu-item-content ")',
  )
  await page().keyboard.press('Enter')
}

async function sandboxProfile(): Promise<string> {
  const overview = await page().evaluate(() => window.gatedesk.invoke('sandbox:overview'))
  if (!overview.ok) throw new Error(overview.error.message)
  return overview.value.profiles.find((profile) => profile.type === 'SRC')!.id
}

describe('the main actions by keyboard alone, with focus always visible', () => {
  it('shows focus on a quaternary button (the navigation toggle)', async () => {
    await page().keyboard.press('Tab')
    await tabToVisibly('[data-testid="navigation-toggle"]')
  })

  it('sends an update, and focus lands on the outcome', async () => {
    const profile = await sandboxProfile()
    await goTo('/recurring')
    // Required is said to screen readers, not only shown by an asterisk.
    const profileField = byTestId('recurring-field-recurring-payment-id').locator('input')
    await expect.poll(() => profileField.getAttribute('aria-required')).toBe('true')
    await tabTo(page(), '[data-testid="recurring-field-recurring-payment-id"] input')
    await page().keyboard.type(profile)
    await tabTo(page(), '[data-testid="recurring-field-amount"] input')
    await page().keyboard.type('11.00')
    await tabTo(page(), '[data-testid="recurring-field-currency"] input')
    await page().keyboard.type('EUR')
    await tabToVisibly('[data-testid="recurring-send"]')
    await page().keyboard.press('Enter')
    await expect.poll(() => focusedElement(page()), { timeout: 20_000 }).toBe('recurring-answer')
    expect(await byTestId('recurring-outcome').textContent()).toMatch(/approved/i)
    const answer = byTestId('recurring-answer')
    expect(await focusRingPixels(page(), answer)).toBeGreaterThan(await ringPerimeter(answer))
  })

  it('runs a report, and focus lands on its outcome', async () => {
    await goTo('/reports')
    await expect.poll(() => byTestId('run-report').isEnabled(), { timeout: 20_000 }).toBe(true)
    await tabToVisibly('[data-testid="run-report"]')
    await page().keyboard.press('Enter')
    await expect.poll(() => focusedElement(page()), { timeout: 30_000 }).toBe('run-outcome-report')
  })

  it('opens a report file, and focus stays on the page', async () => {
    const file = join(suite.gatedesk.dataDir, 'keyboard.csv')
    writeFileSync(file, 'Transaction_id,Amount,Currency\r\n1,10.00,EUR\r\n2,11.00,USD\r\n')
    suite.gatedesk.dialogs.nextOpen = file
    await tabToVisibly('[data-testid="open-report-file"]')
    await page().keyboard.press('Enter')
    await expect.poll(() => byTestId('report-count').textContent()).toBe('Showing 2 of 2 rows')
    // The row count is announced as it changes.
    expect(await byTestId('report-count').getAttribute('aria-live')).toBe('polite')
    expect(await focusedElement(page())).not.toBe('body')
  })

  it('imports a bulk file, pages through its preview and dry-runs it', async () => {
    const profile = await sandboxProfile()
    const file = join(suite.gatedesk.dataDir, 'keyboard-bulk.csv')
    const rows = Array.from({ length: 60 }, (_, at) => `${profile};${10 + at}.00`)
    writeFileSync(file, `recurring-payment-id;amount\r\n${rows.join('\r\n')}\r\n`)
    suite.gatedesk.dialogs.nextOpen = file
    await goTo('/bulk')
    await tabToVisibly('[data-testid="bulk-open"]')
    await page().keyboard.press('Enter')
    await expect.poll(() => byTestId('bulk-counts').textContent()).toContain('60')
    // Rows past the first page can be reviewed: the pagination is reached and pressed by keyboard.
    // The preview is one Tab stop (not 100 per page): the pagination is a few presses away.
    await tabTo(page(), '.n-pagination-item[aria-label="Next page"]', 40)
    await page().keyboard.press('Enter')
    await expect.poll(() => page().locator('.n-pagination-item--active').textContent()).toBe('2')
    await tabToVisibly('[data-testid="bulk-dry-run"]')
    await page().keyboard.press('Enter')
    await expect
      .poll(() => byTestId('bulk-dry-run-counts').textContent())
      .toMatch(/Will be sent\s*60/)
    // The counts are announced: the dry run's and the preview's.
    expect(await byTestId('bulk-dry-run-counts').getAttribute('role')).toBe('status')
    expect(await byTestId('bulk-counts').getAttribute('aria-live')).toBe('polite')
    expect(await focusedElement(page())).not.toBe('body')
  })

  it('reviews row 60 of 120 in the preview by keys, leaves it out, and the dry run agrees', async () => {
    const profile = await sandboxProfile()
    const file = join(suite.gatedesk.dataDir, 'keyboard-bulk-120.csv')
    // Row n's amount is (100 + n).00: row 60's 160.00 is in no other row.
    const rows = Array.from({ length: 120 }, (_, at) => `${profile};${101 + at}.00`)
    writeFileSync(file, `recurring-payment-id;amount\r\n${rows.join('\r\n')}\r\n`)
    suite.gatedesk.dialogs.nextOpen = file
    await tabToVisibly('[data-testid="bulk-open"]')
    await page().keyboard.press('Enter')
    await expect.poll(() => byTestId('bulk-counts').textContent()).toContain('120')

    // The whole table is one Tab stop, on row 1's checkbox; the next Tab is the pagination.
    await tabTo(page(), '[data-testid="bulk-preview"] [tabindex="0"]', 40)
    expect(await focusedElement(page())).toBe('bulk-include-1')
    expect(await byTestId('bulk-preview').locator('[tabindex="0"]').count()).toBe(1)
    await page().keyboard.press('Tab')
    expect(await page().evaluate(() => !!document.activeElement?.closest('.n-pagination'))).toBe(
      true,
    )
    await page().keyboard.press('Shift+Tab')
    expect(await focusedElement(page())).toBe('bulk-include-1')

    // Across to the profile, to the row's end (the amount) and back, then PageDown to rows 51–100 and down to row 60.
    await page().keyboard.press('ArrowRight')
    expect(await focusedElement(page())).toBe('bulk-cell-1-0')
    await page().keyboard.press('End')
    expect(await focusedElement(page())).toBe('bulk-cell-1-1')
    await page().keyboard.press('Home')
    expect(await focusedElement(page())).toBe('bulk-include-1')
    await page().keyboard.press('PageDown')
    await expect.poll(() => focusedElement(page())).toBe('bulk-include-51')
    expect(await page().locator('.n-pagination-item--active').textContent()).toBe('2')
    for (let row = 51; row < 60; row++) await page().keyboard.press('ArrowDown')
    expect(await focusedElement(page())).toBe('bulk-include-60')
    const checkbox = byTestId('bulk-include-60')
    expect(await focusRingPixels(page(), checkbox)).toBeGreaterThan(await ringPerimeter(checkbox))

    await page().keyboard.press('Space')
    await expect.poll(() => checkbox.getAttribute('aria-checked')).toBe('false')
    await expect.poll(() => byTestId('bulk-counts').textContent()).toContain('1 excluded')
    expect(await focusedElement(page())).toBe('bulk-include-60')

    await tabToVisibly('[data-testid="bulk-dry-run"]')
    await page().keyboard.press('Enter')
    const counts = byTestId('bulk-dry-run-counts')
    await expect.poll(() => counts.textContent()).toMatch(/Will be sent\s*119/)
    expect(await counts.textContent()).toMatch(/Excluded by you\s*1/)
    // The one row left out is row 60 (the dry run lists only its first 50 requests).
    await page().getByText('Excluded', { exact: true }).click()
    await expect
      .poll(() => byTestId('bulk-preview').locator('[data-testid^="bulk-include-"]').count())
      .toBe(1)
    expect(await byTestId('bulk-include-60').count()).toBe(1)
  })

  it('opens a History entry with Enter, and the drawer stays open with focus in it', async () => {
    await goTo('/history')
    await tabToVisibly('tr.history-row')
    await page().keyboard.press('Enter')
    await expect.poll(() => byTestId('history-detail').isVisible()).toBe(true)
    // It closed itself within 300 ms once: still there well after.
    await page().waitForTimeout(600)
    expect(await byTestId('history-detail').isVisible()).toBe(true)
    expect(
      await page().evaluate(
        () => !!document.activeElement?.closest('[data-testid="history-detail"], .n-drawer'),
      ),
    ).toBe(true)
    await page().keyboard.press('Escape')
    await expect.poll(() => byTestId('history-detail').count()).toBe(0)
  })

  it('ran with no CSP violation and no console error', async () => {
    expect(await suite.app.cspViolations()).toEqual([])
    expect(suite.app.pageErrors).toEqual([])
  })
})
