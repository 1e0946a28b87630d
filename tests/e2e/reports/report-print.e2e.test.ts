import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { afterAll, describe, expect, it } from 'vitest'
import { useAppInBrowser } from '../harness/app-under-test'
import { atZoom150, chooseLanguage } from './screen-looks'

// Printing the view: a dialog that states the row limit, a PDF made in main by Chromium shown in
// the PDF viewer as a preview, whose Save keeps it; Ctrl+P in the grid opens the dialog.
const HEADER = ['Transaction_id', 'Created_date', 'Amount', 'Currency', 'Transaction_type', 'Note']
const row = (i: number) => [
  String(5_000_000 + i),
  `2026-10-${String(1 + (i % 28)).padStart(2, '0')} 10:00:00`,
  `${i % 1000}.${String(i % 100).padStart(2, '0')}`,
  ['EUR', 'JPY', 'KWD'][i % 3]!,
  i % 10 === 9 ? 'refund' : 'sale',
  i === 1 ? '<b>bold</b>' : `Order ${i}`,
]
const ROWS = 6_000
const dir = mkdtempSync(join(tmpdir(), 'gatedesk-report-print-'))
const file = join(dir, 'october.csv')
writeFileSync(
  file,
  [HEADER, ...Array.from({ length: ROWS }, (_, i) => row(i))].map((r) => r.join(',')).join('\r\n'),
)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const suite = useAppInBrowser()
const page = () => suite.app.page
const byTestId = (id: string) => page().getByTestId(id)

async function openReport() {
  if (!(await byTestId('open-report-file').isVisible()))
    await page().getByRole('link', { name: 'Reports' }).click({ timeout: 120_000 })
  suite.gatedesk.dialogs.nextOpen = file
  await byTestId('open-report-file').click()
  await expect
    .poll(() => byTestId('report-count').textContent(), { timeout: 60_000 })
    .toContain('6,000 rows')
  await expect.poll(() => byTestId('index-progress').count(), { timeout: 60_000 }).toBe(0)
}

/** The first page of the preview drawn (pdf.js has taken its loading mark off). */
const previewDrawn = () =>
  page().evaluate(() => {
    const view = document.querySelector(
      '[data-testid="report-print-preview"] .pdfViewer .page[data-page-number="1"]',
    )
    const canvas = view?.querySelector('canvas')
    return !!canvas && canvas.width > 0 && !view!.classList.contains('loadingIcon')
  })

/** Each page's text as pdf.js extracts it, and its size in points. */
async function pagesOf(path: string) {
  const loading = getDocument({ data: new Uint8Array(readFileSync(path)) })
  const pdf = await loading.promise
  const pages: { text: string; width: number; height: number }[] = []
  for (let number = 1; number <= pdf.numPages; number++) {
    const pdfPage = await pdf.getPage(number)
    const { width, height } = pdfPage.getViewport({ scale: 1 })
    const content = await pdfPage.getTextContent()
    pages.push({
      text: content.items.map((item) => ('str' in item ? item.str : '')).join(' '),
      width,
      height,
    })
  }
  await loading.destroy()
  return pages
}

/** Closes the dialog or the preview by its ×. */
const closeModal = () => page().locator('.n-modal .n-card-header__close').click()

async function screens(name: string) {
  await page().mouse.move(1, 1)
  await suite.app.screenshot(name)
  await suite.app.scheme('dark')
  await suite.app.screenshot(`${name}-dark`)
  await suite.app.scheme('light')
}

describe('printing the view', () => {
  it('states the row limit, makes a landscape PDF with the header on every page and the totals at the end, and previews it', async () => {
    await openReport()
    // Ctrl+P while the grid has the focus opens the dialog.
    await page().getByRole('gridcell').first().click()
    await page().keyboard.press('Control+p')
    await expect.poll(() => byTestId('report-print-dialog').isVisible()).toBe(true)
    expect(await byTestId('report-print-rows').textContent()).toBe(
      'The view has 6,000 rows: the first 5,000 are printed, and the last page says so.',
    )
    expect(await byTestId('report-print-dialog').textContent()).toContain('Landscape Letter')
    await screens('report-print-dialog')
    await page().setViewportSize({ width: 1024, height: 700 })
    await suite.app.screenshot('report-print-dialog-1024')
    await page().setViewportSize({ width: 1280, height: 800 })

    await byTestId('report-print-make').click()
    await expect
      .poll(() => byTestId('report-print-preview').isVisible(), { timeout: 90_000 })
      .toBe(true)
    await expect.poll(previewDrawn, { timeout: 120_000 }).toBe(true)
    const pageCount = await byTestId('pdf-page-count').textContent()
    await screens('report-print-preview')
    await page().setViewportSize({ width: 1024, height: 700 })
    // The automatic zoom follows the narrower window: the page is drawn again at its new width.
    await page().waitForTimeout(500)
    await expect.poll(previewDrawn, { timeout: 60_000 }).toBe(true)
    await suite.app.screenshot('report-print-preview-1024')
    await page().setViewportSize({ width: 1280, height: 800 })

    // The preview's Save keeps the PDF main made.
    const saved = join(dir, 'october-print.pdf')
    suite.gatedesk.dialogs.nextSave = saved
    await byTestId('pdf-save').click()
    await expect.poll(() => existsSync(saved), { timeout: 30_000 }).toBe(true)
    const pages = await pagesOf(saved)
    expect(pageCount).toBe(`of ${pages.length}`)
    expect(pages.length).toBeGreaterThan(100)
    for (const [index, { text, width, height }] of pages.entries()) {
      // Every page with rows heads them with the header row, in the grid's order (key columns
      // first); the totals may take a page of their own at the end.
      if (/\b50\d{5}\b/.test(text))
        expect(text, `page ${index + 1}`).toMatch(
          /Transaction_id\s+Created_date\s+Transaction_type\s+Amount\s+Currency\s+Note/,
        )
      expect(text).toContain(`Page ${index + 1} of ${pages.length}`)
      // Letter (en-US), landscape.
      expect([Math.round(width), Math.round(height)]).toEqual([792, 612])
    }
    expect(pages.filter(({ text }) => /\b50\d{5}\b/.test(text)).length).toBeGreaterThan(100)
    const last = pages.at(-1)!.text
    expect(pages.map(({ text }) => text).join(' ')).toContain(
      'Rows 1–5,000 of 6,000: the print stops at 5,000 rows.',
    )
    expect(last).toContain('Totals of the view')
    expect(last).toMatch(/EUR\s+[\d,]+\.\d\d\s+[\d,.-]+\s+2,000/)
    for (const { text } of pages.slice(0, -1)) expect(text).not.toContain('Totals of the view')
    expect(pages[0]!.text).toContain('october.csv')
    expect(pages[0]!.text).toContain('<b>bold</b>')

    await closeModal()
    await expect.poll(() => byTestId('report-print-preview').count()).toBe(0)
    expect(suite.app.pageErrors).toEqual([])
    expect(await suite.app.cspViolations()).toEqual([])
  }, 300_000)

  it('reads in Russian, and at 150 %', async () => {
    await chooseLanguage(suite.app, 'Русский')
    await byTestId('report-print').click()
    await expect.poll(() => byTestId('report-print-dialog').isVisible()).toBe(true)
    expect(await byTestId('report-print-rows').textContent()).toBe(
      'В представлении 6\u00a0000 строк: печатаются первые 5\u00a0000, на последней странице об этом сказано.',
    )
    await suite.app.screenshot('report-print-dialog-ru')
    await byTestId('report-print-close').click()
    await chooseLanguage(suite.app, 'English')

    await atZoom150(suite.app, suite.gatedesk.harness, async (zoomed) => {
      await zoomed.page.getByRole('link', { name: 'Reports' }).click()
      suite.gatedesk.dialogs.nextOpen = file
      await zoomed.page.getByTestId('open-report-file').click()
      await expect
        .poll(() => zoomed.page.getByTestId('report-print').isEnabled(), { timeout: 60_000 })
        .toBe(true)
      await zoomed.page.getByTestId('report-print').click()
      await expect.poll(() => zoomed.page.getByTestId('report-print-dialog').isVisible()).toBe(true)
      await zoomed.page.mouse.move(1, 1)
      await zoomed.screenshot('report-print-dialog-150')
    })
  }, 120_000)
})
