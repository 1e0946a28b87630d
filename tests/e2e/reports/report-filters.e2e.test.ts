import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { useAppInBrowser } from '../harness/app-under-test'

// The column filters staff use every day: a checklist of values with counts, ranges with
// messages under the fields, and the active filters as chips above the grid.
const HEADER = ['Transaction_id', 'Created_date', 'Amount', 'Currency', 'Status', 'Email']
const COLUMN = Object.fromEntries(HEADER.map((name, index) => [name, index])) as Record<
  string,
  number
>
const ROWS = 60
const STATUSES = ['approved', 'approved', 'declined', 'approved', 'pending', 'declined']
const row = (i: number) => [
  String(9000 + i),
  `2026-11-${String(1 + (i % 20)).padStart(2, '0')} 10:00:00`,
  `${i * 5}.25`,
  ['EUR', 'USD', 'RUB'][i % 3]!,
  STATUSES[i % 6]!,
  i % 4 === 0 ? '' : `client${i}@example.com`,
]
const dir = mkdtempSync(join(tmpdir(), 'gatedesk-report-filters-'))
const file = join(dir, 'transactions.csv')
writeFileSync(
  file,
  [HEADER, ...Array.from({ length: ROWS }, (_, i) => row(i))].map((r) => r.join(',')).join('\r\n'),
)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const suite = useAppInBrowser()
const page = () => suite.app.page
const byTestId = (id: string) => page().getByTestId(id)
const countText = () => byTestId('report-count').textContent()
const showing = (n: number) => `Showing ${n} of ${ROWS} rows`
const rowsWhere = (keep: (i: number) => boolean) =>
  Array.from({ length: ROWS }, (_, i) => i).filter(keep).length
const filterButton = (name: string) => byTestId(`column-${name}`).getByTestId('column-filter')
const form = (name: string) => byTestId(`filter-form-${COLUMN[name]}`)
const chips = () => byTestId('filter-chip').locator('.text').allTextContents()
/** The checklist's values and counts as shown: "approved 30". */
const checklist = (name: string) =>
  form(name)
    .locator('.value')
    .evaluateAll((rows) =>
      rows.map((r) => (r as HTMLElement).innerText.replace(/\s+/g, ' ').trim()),
    )

/** Saves the screen light, dark, Russian, 1024×700 and at 150 %, the popover reopened each time. */
async function looks(name: string, reopen: () => Promise<void>) {
  await page().mouse.move(1, 1)
  await suite.app.screenshot(name)
  await suite.app.scheme('dark')
  await suite.app.screenshot(`${name}-dark`)
  await suite.app.scheme('light')
  await page().keyboard.press('Escape')
  await switchLanguage('Русский')
  await reopen()
  await suite.app.screenshot(`${name}-ru`)
  await page().keyboard.press('Escape')
  await switchLanguage('English')
  for (const [suffix, width, height] of [
    ['1024', 1024, 700],
    ['150', 853, 533],
  ] as const) {
    await page().setViewportSize({ width, height })
    await reopen()
    await page().mouse.move(1, 1)
    await suite.app.screenshot(`${name}-${suffix}`)
    await page().keyboard.press('Escape')
  }
  await page().setViewportSize({ width: 1280, height: 800 })
}

async function switchLanguage(language: string) {
  await byTestId('language-switch').click()
  await page().locator('.n-base-select-option').getByText(language, { exact: true }).click()
  await page().mouse.move(1, 1)
}

describe('filtering a report by its columns', () => {
  it('lists a text column’s values with their counts, searchable, and keeps the ticked ones', async () => {
    await page().getByRole('link', { name: 'Reports' }).click()
    suite.gatedesk.dialogs.nextOpen = file
    await byTestId('open-report-file').click()
    await expect.poll(countText, { timeout: 10_000 }).toBe(showing(ROWS))

    await filterButton('Status').click()
    await expect
      .poll(() => checklist('Status'), { timeout: 10_000 })
      .toEqual(['approved 30', 'declined 20', 'pending 10'])
    expect(await form('Status').getByTestId('filter-chosen').textContent()).toBe('3 of 3 chosen')
    const openStatus = async () => {
      await filterButton('Status').click()
      await expect.poll(() => checklist('Status')).toHaveLength(3)
    }
    // (Resizing the window back from 853 px wide trips an error of the app's shell, not the filters.)
    expect(suite.app.pageErrors).toEqual([])
    await looks('report-filter-values', openStatus)

    await openStatus()
    // Searching narrows the list; None clears what is found; the search box keeps the keyboard.
    await form('Status').getByTestId('filter-value-search').locator('input').fill('pend')
    await expect.poll(() => checklist('Status')).toEqual(['pending 10'])
    await form('Status').getByTestId('filter-none').click()
    expect(await form('Status').getByTestId('filter-chosen').textContent()).toBe('2 of 3 chosen')
    await form('Status').getByTestId('filter-value-search').locator('input').press('Enter')
    const approvedOrDeclined = rowsWhere((i) => STATUSES[i % 6] !== 'pending')
    await expect.poll(countText).toBe(showing(approvedOrDeclined))
    expect(await chips()).toEqual(['Status: approved, declined'])
    expect(await filterButton('Status').getAttribute('aria-label')).toBe('Filter Status (filtered)')
  })

  it('counts a column’s values in the view the other filters leave', async () => {
    await filterButton('Currency').click()
    const counts = ['EUR', 'USD', 'RUB'].map((currency, k) => ({
      currency,
      n: rowsWhere((i) => i % 3 === k && STATUSES[i % 6] !== 'pending'),
    }))
    await expect
      .poll(() => checklist('Currency'))
      .toEqual(
        counts
          .sort((a, b) => b.n - a.n || a.currency.localeCompare(b.currency))
          .map(({ currency, n }) => `${currency} ${n}`),
      )
    // Nothing ticked cannot apply: it says so and keeps the form open.
    await form('Currency').getByTestId('filter-none').click()
    await form('Currency').getByTestId('filter-apply').click()
    expect(await form('Currency').getByTestId('filter-problem').textContent()).toContain(
      'Choose at least one value.',
    )
    await page().keyboard.press('Escape')
    await expect.poll(() => form('Currency').isVisible()).toBe(false)
    // Esc gives the keyboard back to the column's filter button.
    expect(await page().evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'column-filter',
    )
  })

  it('takes a range of numbers, explaining a bound it cannot read under the field', async () => {
    await filterButton('Amount').click()
    await form('Amount').getByTestId('filter-kind-range').click()
    await form('Amount').getByTestId('filter-min').locator('input').fill('ten')
    await form('Amount').getByTestId('filter-max').locator('input').fill('5')
    expect(await form('Amount').getByTestId('filter-min-problem').textContent()).toContain(
      'Type a number, e.g. 10.50 (a comma works too).',
    )
    await form('Amount').getByTestId('filter-apply').click()
    // Nothing is applied, and nothing typed is lost.
    expect(await countText()).toBe(showing(rowsWhere((i) => STATUSES[i % 6] !== 'pending')))
    expect(await form('Amount').getByTestId('filter-min').locator('input').inputValue()).toBe('ten')
    await form('Amount').getByTestId('filter-min').locator('input').fill('100,25')
    expect(await form('Amount').getByTestId('filter-max-problem').textContent()).toContain(
      '"From" is after "To".',
    )
    const reopenAmount = async () => {
      await filterButton('Amount').click()
      await form('Amount').getByTestId('filter-kind-range').click()
      await form('Amount').getByTestId('filter-min').locator('input').fill('ten')
      await form('Amount').getByTestId('filter-max').locator('input').fill('5')
    }
    await looks('report-filter-range', reopenAmount)

    await reopenAmount()
    await form('Amount').getByTestId('filter-min').locator('input').fill('100,25')
    await form('Amount').getByTestId('filter-max').locator('input').fill('200.25')
    await form('Amount').getByTestId('filter-max').locator('input').press('Enter')
    const both = rowsWhere((i) => STATUSES[i % 6] !== 'pending' && i >= 20 && i <= 40)
    await expect.poll(countText).toBe(showing(both))
    expect(await chips()).toEqual(['Status: approved, declined', 'Amount: 100.25 – 200.25'])
  })

  it('filters text by contains, and removes filters by their chips or all at once', async () => {
    await filterButton('Email').click()
    await form('Email').getByTestId('filter-kind-contains').click()
    await form('Email').getByTestId('filter-value').locator('input').fill('CLIENT3')
    await form('Email').getByTestId('filter-value').locator('input').press('Enter')
    const withClient3 = rowsWhere(
      (i) =>
        STATUSES[i % 6] !== 'pending' &&
        i >= 20 &&
        i <= 40 &&
        i % 4 !== 0 &&
        `${i}`.startsWith('3'),
    )
    await expect.poll(countText).toBe(showing(withClient3))
    await looks('report-filter-chips', async () => {})

    await byTestId('filter-chip-remove').first().click()
    await expect.poll(chips).toEqual(['Amount: 100.25 – 200.25', 'Email contains "CLIENT3"'])
    await byTestId('filter-clear-all').click()
    await expect.poll(countText).toBe(showing(ROWS))
    expect(await byTestId('filter-chips').count()).toBe(0)
  })

  it('leaves one text value out with "Not equal", read on its chip as ≠', async () => {
    const notDeclined = async () => {
      await filterButton('Status').click()
      await form('Status').getByTestId('filter-kind-notEquals').click()
      await form('Status').getByTestId('filter-value').locator('input').fill('declined')
    }
    // Numbers and dates have their range instead.
    await filterButton('Amount').click()
    expect(await form('Amount').getByTestId('filter-kind-notEquals').count()).toBe(0)
    await page().keyboard.press('Escape')
    await notDeclined()
    await looks('report-filter-not-equal', notDeclined)

    await notDeclined()
    await form('Status').getByTestId('filter-value').locator('input').press('Enter')
    await expect.poll(countText).toBe(showing(rowsWhere((i) => STATUSES[i % 6] !== 'declined')))
    expect(await chips()).toEqual(['Status ≠ declined'])
    // Reopened, the form shows the filter as it is.
    await filterButton('Status').click()
    expect(
      await form('Status').getByTestId('filter-kind-notEquals').locator('input').isChecked(),
    ).toBe(true)
    expect(await form('Status').getByTestId('filter-value').locator('input').inputValue()).toBe(
      'declined',
    )
    await page().keyboard.press('Escape')
  })
})
