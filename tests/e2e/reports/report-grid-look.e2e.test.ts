import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAppUnderTest, type AppUnderTest } from '../harness/app-under-test'
import { TRANSACTIONS_HEADER } from '../../fixtures/query-transactions'
import { launchChromium, openApp, type WindowLook } from '../harness/browser'

/**
 * The grid as people read a transactions report, at every window look: key columns first and
 * the identifier pinned while the rest scroll, columns fitted to their values, amounts in their
 * currency's decimals, grouped as the language writes them.
 */
const HEADER = [...TRANSACTIONS_HEADER, 'Status']
const CURRENCIES = ['EUR', 'JPY', 'KWD']
const TYPES = ['sale', 'refund', 'capture', 'payout']
const row = (i: number) => [
  'Demo Shop',
  String(5_000_000 + i),
  `ORD-${i}`,
  `2026-10-${String(1 + (i % 28)).padStart(2, '0')} 14:${String(i % 60).padStart(2, '0')}:05`,
  `${(10_000_000 + i * 1234.567).toFixed(3)}`,
  CURRENCIES[i % 3]!,
  TYPES[i % 4]!,
  `Order ${i} for the autumn catalogue`,
  '27.11.2026',
  i % 5 === 0 ? 'declined' : 'approved',
]

const LOOKS: Record<string, WindowLook> = {
  'light-en-1024x700': { viewport: { width: 1024, height: 700 } },
  'dark-en-1024x700': { viewport: { width: 1024, height: 700 }, colorScheme: 'dark' },
  'light-ru-1024x700': { viewport: { width: 1024, height: 700 }, locale: 'ru-RU' },
  'dark-ru-zoom150': {
    viewport: { width: 853, height: 533 },
    deviceScaleFactor: 1.5,
    colorScheme: 'dark',
    locale: 'ru-RU',
  },
  'light-en-zoom150': { viewport: { width: 853, height: 533 }, deviceScaleFactor: 1.5 },
}

const dir = mkdtempSync(join(tmpdir(), 'gatedesk-report-grid-'))
const file = join(dir, 'transactions.csv')
let gatedesk: AppUnderTest
let browser: Browser
beforeAll(async () => {
  const lines = [HEADER, ...Array.from({ length: 300 }, (_, i) => row(i))]
  writeFileSync(file, lines.map((fields) => fields.join(',')).join('\r\n') + '\r\n')
  gatedesk = await startAppUnderTest()
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
  await gatedesk?.close()
  rmSync(dir, { recursive: true, force: true })
})

/** What a reader sees of the grid's rendered header and first rows, measured in the page. */
function readGrid(page: Page) {
  return page.getByTestId('report-grid').evaluate((grid) => {
    // The columns' headers, not the row numbers' corner.
    const headers = [...grid.querySelectorAll<HTMLElement>('[role=columnheader]')].filter((head) =>
      head.querySelector('.label'),
    )
    const cells = [...grid.querySelectorAll<HTMLElement>('[role=row][data-row] [role=gridcell]')]
    const name = (cell: HTMLElement) =>
      headers
        .find((head) => head.getAttribute('aria-colindex') === cell.getAttribute('aria-colindex'))
        ?.querySelector('.label')?.textContent
    return {
      names: headers.map((head) => head.querySelector('.label')?.textContent ?? ''),
      clippedHeaders: headers
        .filter((head) => head.getBoundingClientRect().right <= grid.getBoundingClientRect().right)
        .map((head) => head.querySelector<HTMLElement>('.label'))
        .filter((label) => label && label.scrollWidth > label.clientWidth)
        .map((label) => label!.textContent),
      // Of the cells wholly in view: those the viewport's edge cuts show what fits up to it.
      clippedCells: cells
        .filter((cell) => cell.getBoundingClientRect().right <= grid.getBoundingClientRect().right)
        .filter((cell) => cell.title !== '')
        .map((cell) => cell.title),
      amounts: cells
        .filter((cell) => name(cell) === 'Amount')
        .slice(0, 3)
        .map((cell) => ({
          // The whole value: in the tooltip when the viewport's edge leaves too little room.
          text: cell.title || cell.textContent!.trim(),
          shown: cell.textContent!.trim(),
          align: getComputedStyle(cell).textAlign,
        })),
      idLeft: headers[0]!.getBoundingClientRect().left,
    }
  })
}

describe('the report grid at every window look', () => {
  for (const [look, window] of Object.entries(LOOKS)) {
    it(`opens with key columns pinned and fitted: ${look}`, async () => {
      const app = await openApp(browser, gatedesk.harness, window)
      const { page } = app
      try {
        // The window takes its keys once it has started.
        await expect
          .poll(
            async () => {
              await page.keyboard.press('Control+2')
              return page.getByTestId('open-report-file').isVisible()
            },
            { timeout: 30_000 },
          )
          .toBe(true)
        gatedesk.dialogs.nextOpen = file
        await page.getByTestId('open-report-file').click()
        const russian = window.locale === 'ru-RU'
        await expect
          .poll(() => page.getByTestId('report-count').textContent(), { timeout: 15_000 })
          .toMatch(russian ? /300 из 300/ : /300 of 300/)
        await page.waitForTimeout(300)

        const opened = await readGrid(page)
        expect(opened.names.slice(0, 3)).toEqual([
          'Transaction_id',
          'Created_date',
          'Transaction_type',
        ])
        // Fitted on open: no value or header of the first rows is cut.
        expect(opened.clippedCells).toEqual([])
        expect(opened.clippedHeaders).toEqual([])
        const separator = russian ? '\u00a0' : ','
        const decimal = russian ? ',' : '.'
        expect(opened.amounts.map((amount) => amount.text)).toEqual([
          `10${separator}000${separator}000${decimal}00`,
          `10${separator}001${separator}235`,
          `10${separator}002${separator}469${decimal}134`,
        ])
        expect(opened.amounts.every((amount) => amount.align === 'right')).toBe(true)
        // Cut by the viewport's edge, a number shows whole (up to that edge) or an ellipsis.
        for (const amount of opened.amounts) expect([amount.text, '…']).toContain(amount.shown)
        await app.screenshot(`report-grid-fitted-${look}`)

        // Scrolled to the far right, the pinned identifier stays where it was.
        await page
          .getByTestId('report-grid')
          .evaluate((grid) => (grid.scrollLeft = grid.scrollWidth))
        await page.waitForTimeout(200)
        const scrolled = await readGrid(page)
        expect(scrolled.names[0]).toBe('Transaction_id')
        expect(scrolled.idLeft).toBeCloseTo(opened.idLeft, 0)
        expect(scrolled.names).toContain('Status')
        await app.screenshot(`report-grid-pinned-${look}`)
        expect(app.pageErrors).toEqual([])
      } finally {
        await page.context().close()
      }
    })
  }
})
