import { existsSync, readFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { printView, type PrintViewOptions } from '../../../main/reports/report-print'
import { chromiumPrinter } from '../../fixtures/chromium-printer'
import { engineUnderTest, type EngineUnderTest } from '../../fixtures/report-engine'

let engine: EngineUnderTest
beforeEach(() => {
  engine = engineUnderTest()
})
afterEach(() => engine.close())
const printer = chromiumPrinter()
afterAll(() => printer.close())

/** The machine is shared: Chromium and the jobs get time to end. */
const SLOW = { timeout: 60_000 }

const HEADER = ['Transaction_id', 'Created_date', 'Transaction_type', 'Amount', 'Currency', 'Note']
const TYPES = ['sale', 'refund', 'capture']
const rowsOf = (count: number) =>
  Array.from({ length: count }, (_, i) => [
    String(5_000_001 + i),
    `2026-10-${String(1 + (i % 28)).padStart(2, '0')} 13:05:00`,
    TYPES[i % 3]!,
    `${1000 + i}.50`,
    i % 2 ? 'EUR' : 'JPY',
    i === 0 ? '<script>document.title="x"</script>' : `Order ${i}`,
  ])
const csvOf = (rows: readonly string[][]) =>
  [HEADER, ...rows].map((row) => row.map((f) => `"${f}"`).join(',')).join('\r\n') + '\r\n'

/** Each page's text, as pdf.js extracts it, and its size in points. */
async function pagesOf(path: string) {
  const loading = getDocument({ data: new Uint8Array(readFileSync(path)) })
  const pdf = await loading.promise
  const pages: { text: string; width: number; height: number }[] = []
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number)
    const { width, height } = page.getViewport({ scale: 1 })
    const content = await page.getTextContent()
    const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ')
    pages.push({ text, width, height })
  }
  await loading.destroy()
  return pages
}

/** Prints report `path`'s view (sorted by Amount, highest first) as the app's job does. */
async function printed(path: string, options: Partial<PrintViewOptions> = {}) {
  const { reportId } = await engine.reports.open(path)
  const session = engine.reports.get(reportId)
  await session.indexed
  await session.setQuery({ sort: [{ column: 3, descending: true }], filters: [] })
  const target = `${engine.dir}/view-print.pdf`
  const job = engine.jobs.start('report-print', 'rows', (context) =>
    printView(session, target, [0, 2, 3, 4, 5], context, {
      printer,
      language: 'en',
      dateLocale: 'en-GB',
      filters: [],
      ...options,
    }),
  )
  return { result: await job.result, target, jobId: job.jobId }
}

describe('printing the view to PDF through Chromium', () => {
  it(
    'repeats the header row on every landscape page and ends with the totals',
    async () => {
      const path = engine.write('settlement.csv', csvOf(rowsOf(150)))
      const { result, target } = await printed(path, { rowsMax: 120 })
      expect(result).toMatchObject({ rows: 120, viewRows: 150 })
      const pages = await pagesOf(target)
      expect(pages.length).toBeGreaterThanOrEqual(3)
      for (const [index, page] of pages.entries()) {
        // The header row (Created_date is not printed: only the chosen columns are).
        expect(page.text).toMatch(/Transaction_id\s+Transaction_type\s+Amount\s+Currency\s+Note/)
        expect(page.text).not.toContain('Created_date')
        expect(page.text).toContain(`Page ${index + 1} of ${pages.length}`)
        // A4 landscape, in points (Chromium rounds A4 to 842.88 × 595.92).
        expect(page.width).toBeCloseTo(842, -1)
        expect(page.height).toBeCloseTo(595, -1)
      }
      const first = pages[0]!.text
      const last = pages.at(-1)!.text
      expect(first).toContain('settlement.csv')
      expect(first).toContain('Sorted by Amount (Z→A, 9→0)')
      // Highest amount first, written as the grid writes it (JPY has no minor units).
      expect(first).toMatch(/5000150\s+capture\s+1,149\.50\s+EUR/)
      expect(last).toContain('Rows 1–120 of 150: the print stops at 120 rows.')
      expect(last).toContain('Totals of the view')
      expect(last).toContain('over all 150 rows of the view')
      for (const page of pages.slice(0, -1)) expect(page.text).not.toContain('Totals of the view')
      // EUR: Σ (1000 + i).50 over odd i < 150, every row counted, printed or not.
      expect(last).toMatch(/EUR\s+80,662\.50\s+\S+\s+75/)
    },
    SLOW.timeout,
  )

  it(
    'prints on Letter where that is the paper, markup as text, and leaves no page file behind',
    async () => {
      const path = engine.write('short.csv', csvOf(rowsOf(5)))
      const { result, target } = await printed(path, { dateLocale: 'en-US' })
      expect(result).toMatchObject({ rows: 5, viewRows: 5 })
      const [page, ...more] = await pagesOf(target)
      expect(more).toHaveLength(0)
      expect(page!.width).toBeCloseTo(792, -1)
      expect(page!.height).toBeCloseTo(612, -1)
      expect(page!.text).toContain('5 rows')
      // A cell that is markup prints as the text it is.
      expect(page!.text).toContain('<script>document.title="x"</script>')
      expect(existsSync(`${target}.html`)).toBe(false)
      expect(existsSync(dirname(target))).toBe(true)
    },
    SLOW.timeout,
  )

  it(
    'stops when cancelled, writing nothing',
    async () => {
      const path = engine.write('cancelled.csv', csvOf(rowsOf(50)))
      const { reportId } = await engine.reports.open(path)
      const session = engine.reports.get(reportId)
      const target = `${engine.dir}/cancelled-print.pdf`
      const job = engine.jobs.start('report-print', 'rows', (context) =>
        printView(session, target, [0, 3], context, {
          printer,
          language: 'en',
          dateLocale: 'en-GB',
          filters: [],
        }),
      )
      engine.jobs.cancel(job.jobId)
      await expect(job.result).rejects.toThrow()
      expect(existsSync(target)).toBe(false)
    },
    SLOW.timeout,
  )
})
