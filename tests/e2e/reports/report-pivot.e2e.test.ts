import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { afterAll, describe, expect, it } from 'vitest'
import { useAppInBrowser } from '../harness/app-under-test'
import { screenLooks } from './screen-looks'

// The pivot of a transactions report: net takings per currency per day, with a chart.
const HEADER = ['Transaction_id', 'Created_date', 'Amount', 'Currency', 'Transaction_type']
const TYPES = ['sale', 'sale', 'refund', 'capture', 'sale', 'payout']
const ROWS = 120
const row = (i: number) => [
  String(7000 + i),
  `2026-11-${String(2 + (i % 7)).padStart(2, '0')} ${String(i % 24).padStart(2, '0')}:00:00`,
  `${(i % 50) + 10}.${String(i % 1000).padStart(3, '0')}`,
  ['EUR', 'USD'][i % 2]!,
  TYPES[i % 6]!,
]
const dir = mkdtempSync(join(tmpdir(), 'gatedesk-report-pivot-'))
const file = join(dir, 'transactions.csv')
const rows = Array.from({ length: ROWS }, (_, i) => row(i))
writeFileSync(file, [HEADER, ...rows].map((r) => r.join(',')).join('\r\n'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const suite = useAppInBrowser()
const page = () => suite.app.page
const byTestId = (id: string) => page().getByTestId(id)
const tableRows = () =>
  byTestId('pivot-table')
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent!.trim())),
    )

/** The exact sum of Amount of the rows `keep` keeps, each by `sign`, to the thousandth. */
function total(keep: (r: string[]) => boolean, sign: (type: string) => number = () => 1): string {
  const units = rows
    .filter(keep)
    .reduce((sum, r) => sum + sign(r[4]!) * Math.round(Number(r[2]) * 1000), 0)
  return (units / 1000).toFixed(3)
}
/** The exact net of the rows `keep` keeps, by the default signs. */
const NET_SIGNS: Record<string, number> = { sale: 1, capture: 1, refund: -1, payout: -1 }
const net = (keep: (r: string[]) => boolean) => total(keep, (type) => NET_SIGNS[type]!)
/** An amount as the window shows one in EUR or USD: grouped, two decimals, half away from 0. */
const inCents = (exact: string) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    exact as `${number}`,
  )

/** 2 Nov 2026 as the grid writes a day: in the OS's English ("2 Nov 2026" or "Nov 2, 2026"). */
const NOV_2 = /^(2 Nov 2026|Nov 2, 2026)$/

describe('the pivot of a report', () => {
  it('groups by day and currency with exact sums, the net by transaction type, and a chart', async () => {
    await page().getByRole('link', { name: 'Reports' }).click()
    suite.gatedesk.dialogs.nextOpen = file
    await byTestId('open-report-file').click()
    await expect
      .poll(() => byTestId('report-count').textContent(), { timeout: 10_000 })
      .toBe(`Showing ${ROWS} of ${ROWS} rows`)
    await byTestId('report-shown-pivot').click()
    await byTestId('pivot-build').click()
    // Seven days by two currencies.
    await expect
      .poll(() => byTestId('pivot-panel').getByText('14 groups').count(), { timeout: 10_000 })
      .toBe(1)
    const [first] = await tableRows()
    const day2eur = (r: string[]) => r[1]!.startsWith('2026-11-02') && r[3] === 'EUR'
    const count = rows.filter(day2eur).length
    // Day, currency, rows, the sum of Amount, the net of each currency.
    // The day bucket reads as the grid writes dates, not as DuckDB's YYYY-MM-DD.
    expect(first![0]).toMatch(NOV_2)
    expect(first!.slice(1, 3)).toEqual(['EUR', String(count)])
    // Amounts in the currency's minor units, as the grid and the totals show them.
    expect(first![3]).toBe(inCents(total(day2eur)))
    expect(first![4]).toBe(inCents(net(day2eur)))
    expect(first![5]).toBe('')
    await expect.poll(() => byTestId('pivot-chart').locator('canvas').count()).toBe(1)
    // Beside the controls and the templates, at 1280 px, every column is in sight: the nets
    // too, with nothing to scroll sideways to, and no value cut.
    const table = (await byTestId('pivot-table').boundingBox())!
    const headers = byTestId('pivot-table').locator('thead th')
    await expect.poll(() => headers.count()).toBe(6)
    const lastHeader = (await headers.last().boundingBox())!
    expect(lastHeader.x + lastHeader.width).toBeLessThanOrEqual(table.x + table.width + 1)
    expect(await byTestId('pivot-table').locator('.n-data-table-td__ellipsis').count()).toBe(0)
    // The grouped column's name is whole, its bucket's select under it.
    const keyName = byTestId('pivot-key-0').locator('.n-base-selection-overlay__wrapper').first()
    expect(await keyName.textContent()).toBe('Created_date')
    expect(await keyName.evaluate((name) => name.scrollWidth <= name.clientWidth)).toBe(true)
    await screenLooks(suite.app, 'report-pivot')
  })

  it('takes the sign the user sets for a transaction type', async () => {
    await byTestId('pivot-sign-refund').click()
    await page().locator('.n-base-select-option').getByText('Ignore', { exact: true }).click()
    await byTestId('pivot-build').click()
    const day2eur = (r: string[]) =>
      r[1]!.startsWith('2026-11-02') && r[3] === 'EUR' && r[4] !== 'refund'
    await expect.poll(async () => (await tableRows())[0]![4]).toBe(inCents(net(day2eur)))
  })

  it("follows the view's search once built", async () => {
    await byTestId('report-search').locator('input').fill('USD')
    await expect
      .poll(() => byTestId('pivot-panel').getByText('7 groups').count(), { timeout: 10_000 })
      .toBe(1)
    const [day, currency] = (await tableRows())[0]!
    expect([day, currency]).toEqual([expect.stringMatching(NOV_2), 'USD'])
  })

  it('saves the table as shown as an Excel workbook, through main', async () => {
    const target = join(dir, 'usd-pivot.xlsx')
    suite.gatedesk.dialogs.nextSave = target
    await byTestId('pivot-export').click()
    await byTestId('pivot-export-xlsx').click()
    await expect
      .poll(() => byTestId('pivot-export-outcome').textContent(), { timeout: 10_000 })
      .toBe('Saved 7 groups to usd-pivot.xlsx.')
    await page().mouse.move(1, 1)
    await suite.app.screenshot('report-pivot-exported')
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(target)
    const sheet = workbook.worksheets[0]!
    const [shown] = await tableRows()
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Created_date by day',
      'Currency',
      'Rows',
      'Sum of Amount',
      'Net USD',
    ])
    expect(sheet.getRow(1).font?.bold).toBe(true)
    const cell = (column: number) => sheet.getRow(2).getCell(column)
    expect([cell(1).value, cell(2).value]).toEqual([shown![0], 'USD'])
    expect(cell(1).value).toMatch(NOV_2)
    expect([cell(3).value, cell(3).numFmt]).toEqual([Number(shown![2]), '#,##0'])
    // The exact sum and net as numbers, shown in cents as the window shows them.
    const day2usd = (r: string[]) => r[1]!.startsWith('2026-11-02') && r[3] === 'USD'
    expect([cell(4).value, cell(4).numFmt]).toEqual([Number(total(day2usd)), '#,##0.00'])
    expect([cell(5).value, cell(5).numFmt]).toEqual([Number(net(day2usd)), '#,##0.00'])
    expect(shown!.slice(3)).toEqual([inCents(total(day2usd)), inCents(net(day2usd))])
  })
})
