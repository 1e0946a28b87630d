import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { afterAll, describe, expect, it } from 'vitest'
import { useAppInBrowser } from '../harness/app-under-test'

// Exporting the view for accounting: an Excel workbook by default, CSV or TSV on choice, with
// progress and Cancel, and a result that says how many rows went where.
const HEADER = ['Transaction_id', 'Created_date', 'Amount', 'Currency', 'Transaction_type']
const row = (i: number) => [
  String(5_000_000 + i),
  `2026-10-${String(1 + (i % 28)).padStart(2, '0')} 10:00:00`,
  `${i % 1000}.${String(i % 100).padStart(2, '0')}`,
  ['EUR', 'JPY', 'KWD'][i % 3]!,
  i % 10 === 9 ? 'refund' : 'sale',
]
/** The grid's order of these columns (a transactions report's key columns first). */
const SHOWN = ['Transaction_id', 'Created_date', 'Transaction_type', 'Amount', 'Currency']
const csvOf = (count: number) =>
  [HEADER, ...Array.from({ length: count }, (_, i) => row(i))].map((r) => r.join(',')).join('\r\n')

const dir = mkdtempSync(join(tmpdir(), 'gatedesk-report-export-'))
const bigFile = join(dir, 'big.csv')
const smallFile = join(dir, 'small.csv')
const BIG_ROWS = 400_000
const SMALL_ROWS = 60
writeFileSync(bigFile, csvOf(BIG_ROWS))
writeFileSync(smallFile, csvOf(SMALL_ROWS))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const suite = useAppInBrowser()
const page = () => suite.app.page
const byTestId = (id: string) => page().getByTestId(id)
const outcome = () => byTestId('export-outcome').textContent()

async function openReport(path: string, rows: number) {
  if (!(await byTestId('open-report-file').isVisible()))
    await page().getByRole('link', { name: 'Reports' }).click()
  suite.gatedesk.dialogs.nextOpen = path
  await byTestId('open-report-file').click()
  await expect
    .poll(() => byTestId('report-count').textContent(), { timeout: 60_000 })
    .toMatch(new RegExp(`of ${rows.toLocaleString('en')} rows|${rows.toLocaleString('en')} rows`))
  await expect.poll(() => byTestId('index-progress').count(), { timeout: 60_000 }).toBe(0)
}

async function switchLanguage(language: string) {
  await byTestId('language-switch').click()
  await page().locator('.n-base-select-option').getByText(language, { exact: true }).click()
  await page().mouse.move(1, 1)
}

/** Starts exporting the view in `format` to `target`, as a user does. */
async function exportAs(format: 'xlsx' | 'csv' | 'tsv', target: string) {
  suite.gatedesk.dialogs.nextSave = target
  await byTestId('report-export-view').click()
  await byTestId(`report-export-format-${format}`).click()
  await byTestId('report-export-choose').click()
}

async function progressShown() {
  await expect.poll(() => byTestId('export-progress').isVisible()).toBe(true)
  await expect
    .poll(() => byTestId('export-progress').textContent(), { timeout: 30_000 })
    .toMatch(/[1-9]\d*%/)
  await page().mouse.move(1, 1)
}

describe('exporting the view', () => {
  it('shows an XLSX export in progress, light and dark, English and Russian, and cancels it', async () => {
    await openReport(bigFile, BIG_ROWS)
    const target = join(dir, 'big-view.xlsx')
    await exportAs('xlsx', target)
    await progressShown()
    expect(await byTestId('export-progress').textContent()).toContain('Exporting the view as XLSX')
    await suite.app.screenshot('report-export-progress')
    await suite.app.scheme('dark')
    await suite.app.screenshot('report-export-progress-dark')
    await suite.app.scheme('light')
    for (const [suffix, width, height] of [
      ['1024', 1024, 700],
      ['150', 853, 533],
    ] as const) {
      await page().setViewportSize({ width, height })
      await suite.app.screenshot(`report-export-progress-${suffix}`)
    }
    await page().setViewportSize({ width: 1280, height: 800 })
    await byTestId('export-progress').getByTestId('job-cancel').click()
    await expect
      .poll(outcome)
      .toBe('Exporting the view as XLSX was cancelled; nothing was written.')
    expect(existsSync(target)).toBe(false)
    expect(existsSync(`${target}.part`)).toBe(false)

    await switchLanguage('Русский')
    await exportAs('xlsx', target)
    await progressShown()
    expect(await byTestId('export-progress').textContent()).toContain(
      'Экспорт представления в XLSX',
    )
    await suite.app.screenshot('report-export-progress-ru')
    await suite.app.scheme('dark')
    await page().setViewportSize({ width: 1024, height: 700 })
    await suite.app.screenshot('report-export-progress-ru-dark-1024')
    await suite.app.scheme('light')
    await page().setViewportSize({ width: 1280, height: 800 })
    await byTestId('export-progress').getByTestId('job-cancel').click()
    await expect.poll(outcome).toBe('Экспорт представления в XLSX: отменено, ничего не записано.')
    await switchLanguage('English')
    expect(existsSync(target)).toBe(false)
  }, 300_000)

  it('saves the view as an Excel workbook with real numbers, and says how many rows went where', async () => {
    await openReport(smallFile, SMALL_ROWS)
    await byTestId('report-export-view').click()
    await expect
      .poll(() => byTestId('report-export-safety').textContent())
      .toContain('frozen header')
    await suite.app.screenshot('report-export-menu')
    const target = join(dir, 'small-view.xlsx')
    suite.gatedesk.dialogs.nextSave = target
    await byTestId('report-export-choose').click()
    await expect.poll(outcome).toBe(`Saved ${SMALL_ROWS} rows to small-view.xlsx.`)
    await suite.app.screenshot('report-export-saved')
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(target)
    const sheet = workbook.worksheets[0]!
    // The columns as the grid shows them: its key columns first.
    expect(sheet.getRow(1).values).toEqual([undefined, ...SHOWN])
    const cell = (row: number, name: string) => sheet.getRow(row).getCell(SHOWN.indexOf(name) + 1)
    expect([cell(2, 'Amount').value, cell(2, 'Amount').numFmt]).toEqual([0, '#,##0.00'])
    expect(cell(3, 'Amount').numFmt).toBe('#,##0')
    expect(cell(4, 'Amount').numFmt).toBe('#,##0.000')
    expect(cell(2, 'Created_date').value).toEqual(new Date(Date.UTC(2026, 9, 1, 10)))
  }, 120_000)

  it('saves the view as TSV, protected unless exact bytes are chosen', async () => {
    const target = join(dir, 'small-view.tsv')
    suite.gatedesk.dialogs.nextSave = target
    await byTestId('report-export-view').click()
    await byTestId('report-export-format-tsv').click()
    await expect.poll(() => byTestId('report-export-safety').textContent()).toContain("' in front")
    await byTestId('report-export-choose').click()
    await expect.poll(outcome).toBe(`Saved ${SMALL_ROWS} rows to small-view.tsv.`)
    const lines = readFileSync(target, 'utf8').split('\r\n')
    expect(lines[0]).toBe(SHOWN.map((name) => `"${name}"`).join('\t'))
    const first = SHOWN.map((name) => row(0)[HEADER.indexOf(name)]!)
    expect(lines[1]).toBe(first.map((field) => `"${field}"`).join('\t'))
  }, 120_000)
})
