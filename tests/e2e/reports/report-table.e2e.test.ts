import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useAppInBrowser } from '../harness/app-under-test'
import { notePaintedTexts } from '../harness/painted-texts'

// The reports the tests open: a million generated rows, a small clean one, a ragged one.
const HEADER = [
  'Merchant_Name',
  'Transaction_id',
  'Merchant_OID',
  'Created_date',
  'Amount',
  'Currency',
  'Transaction_type',
  'Order_description',
]
const COLUMN = Object.fromEntries(HEADER.map((name, index) => [name, index])) as Record<
  string,
  number
>
/** The order the grid opens them in: a transactions report's key columns first. */
const KEY_ORDER = [
  'Transaction_id',
  'Created_date',
  'Transaction_type',
  'Amount',
  'Currency',
  'Merchant_Name',
  'Merchant_OID',
  'Order_description',
]
/** Row i's values in the grid's opening order. */
const keyFields = (i: number) => KEY_ORDER.map((name) => fields(i)[COLUMN[name]!]!)
const MILLION = 1_000_000
const CURRENCIES = ['EUR', 'USD', 'GBP']
const pad = (n: number) => String(n).padStart(2, '0')
/** Cents of row i: distinct for every row of a million (7919 is prime to 10^6). */
const cents = (i: number) => (i * 7919) % MILLION
const amount = (i: number) => `${Math.floor(cents(i) / 100)}.${pad(cents(i) % 100)}`
const fields = (i: number) => [
  'Demo Shop',
  String(5_000_000 + i),
  `ORD-${i}`,
  `2026-10-${pad(1 + (i % 28))} ${pad(i % 24)}:${pad(i % 60)}:00`,
  amount(i),
  CURRENCIES[i % 3]!,
  i % 10 === 9 ? 'refund' : 'sale',
  `Order ${i}`,
]

const dir = mkdtempSync(join(tmpdir(), 'gatedesk-report-table-'))
const millionFile = join(dir, 'million.csv')
const smallFile = join(dir, 'small.csv')
const raggedFile = join(dir, 'ragged.csv')
const SMALL_ROWS = 60

/** Writes rows [0, count) of the generated report, in chunks of plain strings. */
function writeReport(path: string, count: number) {
  const fd = openSync(path, 'w')
  try {
    writeSync(fd, `${HEADER.join(',')}\r\n`)
    for (let start = 0; start < count; start += 20_000) {
      let chunk = ''
      for (let i = start; i < Math.min(count, start + 20_000); i++)
        chunk += fields(i).join(',') + '\r\n'
      writeSync(fd, chunk)
    }
  } finally {
    closeSync(fd)
  }
}

const RAGGED_HEADER = [
  'Merchant_Name',
  'Transaction_id',
  'Amount',
  'Currency',
  'Transaction_type',
  'Order_description',
]
const RAGGED = [
  RAGGED_HEADER.join(','),
  '"Shop, Inc.",1,10.50,EUR,sale,"She said ""hi"""',
  'Shop,2,3.25,USD,refund,"two',
  'lines"',
  'Shop,3,7.00,EUR,sale',
  'Shop,4,1.10,EUR,sale,ok,extra',
  'Shop,5,2.00,GBP,sale,"unclosed',
].join('\n')

beforeAll(() => {
  writeReport(millionFile, MILLION)
  writeReport(smallFile, SMALL_ROWS)
  const fd = openSync(raggedFile, 'w')
  writeSync(fd, RAGGED)
  closeSync(fd)
})
// Registered before the app's hooks, so that the files go only once the app has closed them.
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const suite = useAppInBrowser()
const page = () => suite.app.page
const byTestId = (id: string) => page().getByTestId(id)

// Reading the grid as a user sees it.
const grid = () => byTestId('report-grid')
const countText = () => byTestId('report-count').textContent()
/** The names of the columns rendered: those in view and some either side. */
const headerNames = () => grid().locator('[role=columnheader] .label').allTextContents()
/** Whether the columns rendered (at least five) read as `expected` starts. */
const headersStart = async (expected: string[]) => {
  const names = await headerNames()
  const known = Math.min(names.length, expected.length)
  return names.length >= 5 && names.slice(0, known).join() === expected.slice(0, known).join()
}
/**
 * The rows whose top is inside the grid's viewport, by row number: each cell's text at its
 * column's place, with holes for columns scrolled too far out of view to be rendered.
 */
async function visibleRows(): Promise<Map<number, Record<string, string>>> {
  const rows = await grid().evaluate((scroller) => {
    const box = scroller.getBoundingClientRect()
    const header = scroller.querySelector('[role=row][aria-rowindex="1"]')!
    const headerBox = header.getBoundingClientRect()
    const names = new Map(
      Array.from(header.querySelectorAll('[role=columnheader] .label'), (label) => [
        label.closest('[role=columnheader]')!.getAttribute('aria-colindex'),
        label.textContent!.trim(),
      ]),
    )
    return Array.from(scroller.querySelectorAll('[role=row][data-row]'), (row) => {
      const { top, bottom } = row.getBoundingClientRect()
      const cells: Record<string, string> = {}
      for (const cell of row.querySelectorAll('[role=gridcell]')) {
        // A value too wide for what is in view is whole in its tooltip.
        cells[names.get(cell.getAttribute('aria-colindex'))!] =
          (cell as HTMLElement).title || cell.textContent!.trim()
      }
      return {
        visible: top >= headerBox.bottom - 1 && bottom <= box.bottom + 1,
        number: Number(row.querySelector('[role=rowheader]')!.textContent!.replace(/\D/g, '')),
        cells,
      }
    }).filter((row) => row.visible)
  })
  return new Map(rows.map((row) => [row.number, row.cells]))
}
const firstVisible = async () => Math.min(...(await visibleRows()).keys())
const isVisible = async (number: number) => (await visibleRows()).has(number)

const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' })
/**
 * A value of the generated reports as an English window shows it: amounts grouped with two
 * decimals (EUR, USD, GBP), times in the app's date format, the rest as in the file.
 */
function shownAs(name: string, value: string): string {
  if (name === 'Amount') {
    return Number(value).toLocaleString('en-US', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    })
  }
  const time = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value)
  if (name === 'Created_date' && time) {
    const [y, mo, d, h, mi, sec] = time.slice(1).map(Number) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ]
    return DATE_TIME.format(new Date(y, mo - 1, d, h, mi, sec))
  }
  return value
}

/**
 * Waits until row `number` shows the file's `expected` values (of the columns of `header`,
 * as people read them) in every column rendered (at least three).
 */
function expectRow(number: number, expected: string[], timeout = 5000, header = HEADER) {
  const shown = expected.map((value, column) => shownAs(header[column]!, value))
  const reads = async () => {
    const cells = (await visibleRows()).get(number)
    if (!cells || Object.keys(cells).length < 3) return undefined
    return header.map((name, column) => cells[name] ?? shown[column])
  }
  return expect.poll(reads, { timeout }).toEqual(shown)
}

async function openReport(path: string) {
  suite.gatedesk.dialogs.nextOpen = path
  await byTestId('open-report-file').click()
}

/** Collects the page's long tasks (over 50 ms by the wall clock), to read by time window. */
async function watchLongTasks() {
  await page().evaluate(() => {
    const w = window as unknown as { __longTasks?: { start: number; duration: number }[] }
    if (w.__longTasks) return
    const tasks: { start: number; duration: number }[] = []
    w.__longTasks = tasks
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        tasks.push({ start: entry.startTime, duration: entry.duration })
      }
    }).observe({ type: 'longtask', buffered: true })
  })
}
const pageNow = () => page().evaluate(() => performance.now())
const longestTaskSince = (since: number) =>
  page().evaluate((since) => {
    const w = window as unknown as { __longTasks: { start: number; duration: number }[] }
    return Math.max(0, ...w.__longTasks.filter((t) => t.start >= since).map((t) => t.duration))
  }, since)

interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  dur?: number
  tdur?: number
  args?: { name?: string }
}

/** The longest task of the page's main thread by CPU time, in ms, from a trace taken meanwhile. */
async function longestCpuTaskDuring(work: () => Promise<void>): Promise<number> {
  const cdp = await page().context().newCDPSession(page())
  const events: TraceEvent[] = []
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])))
  await cdp.send('Tracing.start', {
    categories: 'disabled-by-default-devtools.timeline',
    transferMode: 'ReportEvents',
  })
  try {
    await work()
  } finally {
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve))
    await cdp.send('Tracing.end')
    await complete
    await cdp.detach()
  }
  const main = new Set(
    events
      .filter((e) => e.ph === 'M' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  )
  const tasks = events.filter((e) => e.name === 'RunTask' && main.has(`${e.pid}:${e.tid}`))
  return Math.max(0, ...tasks.map((task) => (task.tdur ?? 0) / 1000))
}

const measured: Record<string, string> = {}

/**
 * Runs a phase and records its longest main-thread task two ways: by the wall clock (the
 * 'longtask' observer, as a user feels it) and by CPU time, which the other work of this shared
 * two-core machine stretches less. Returns the CPU figure: the figures are reported, and only
 * the steps the issue names are held, against a baseline of the same run (withinBaseline).
 */
async function phase(name: string, work: () => Promise<void>): Promise<number> {
  await watchLongTasks()
  const start = await pageNow()
  const cpu = await longestCpuTaskDuring(work)
  measured[`${name}: longest task`] =
    `${(await longestTaskSince(start)).toFixed(0)} ms wall, ${cpu.toFixed(0)} ms CPU`
  return cpu
}

describe('the report table on a million rows', () => {
  it("shows the first rows at once and the reading's progress, then the whole count and totals", async () => {
    await page().getByRole('link', { name: 'Reports' }).click()
    await expect.poll(() => byTestId('open-report-file').isVisible()).toBe(true)
    suite.gatedesk.dialogs.nextOpen = millionFile
    let opened = { firstRowsMs: 0, stillReading: false }
    const progressPainted = await notePaintedTexts(page(), 'index-progress')
    // The reading waits at the gate until the first rows are seen: a million rows are read in
    // well under a second, at times before the table shows (as it once did on a CI machine).
    const letGo = suite.gatedesk.indexGate.hold()
    try {
      await phase('opening (click → first rows)', async () => {
        // From the click to the first row's values on screen, seen from inside the page.
        opened = await page().evaluate(async () => {
          const clicked = performance.now()
          document.querySelector<HTMLElement>('[data-testid=open-report-file]')!.click()
          await new Promise<void>((resolve) => {
            const check = () => {
              const cell = document.querySelector('[data-testid=report-grid] [role=gridcell]')
              if (cell?.textContent?.includes('5000000')) resolve()
              else requestAnimationFrame(check)
            }
            check()
          })
          const firstRowsMs = performance.now() - clicked
          const progress = document.querySelector('[data-testid=index-progress]')
          return { firstRowsMs, stillReading: progress !== null }
        })
      })
      measured['first rows visible (click → painted)'] = `${opened.firstRowsMs.toFixed(0)} ms`
      // The first rows are on screen while the file is still being read: they never wait for the
      // index. (How fast, in bench/report-engine.bench.ts: open → first rows.)
      expect(opened.stillReading).toBe(true)
    } finally {
      letGo()
    }
    await expectRow(1, fields(0))
    await suite.app.screenshot('report-table-first-rows')

    const start = await pageNow()
    await phase('indexing', async () => {
      await expect.poll(countText, { timeout: 30_000 }).toBe('Showing 1,000,000 of 1,000,000 rows')
    })
    measured['indexing 1M rows (first rows → whole count)'] =
      `${((await pageNow()) - start).toFixed(0)} ms`
    expect(await byTestId('index-progress').count()).toBe(0)
    // The window painted the reading's progress before the whole count, however briefly (1M
    // rows are indexed in well under a second here). That the window is never blocked while it
    // reads is the long-task test of ten million rows below.
    const percents = (await progressPainted()).filter((shown) => /\d+%/.test(shown))
    expect(percents).not.toEqual([])
    // The exact totals of the whole file.
    await expect
      .poll(() => byTestId('summary-types').textContent(), { timeout: 30_000 })
      .toMatch(/refund\s*100,000\s*sale\s*900,000/)
    await suite.app.screenshot('report-table-indexed')
  })

  it('jumps to row 1,000,000 with Ctrl+End, and back with Ctrl+Home', async () => {
    await phase('scrolling to the end and back', async () => {
      await grid().click({ position: { x: 100, y: 60 } })
      await page().keyboard.press('Control+End')
      await expectRow(MILLION, fields(MILLION - 1))
      expect(await grid().getAttribute('aria-rowcount')).toBe(String(MILLION + 1))
      await suite.app.screenshot('report-table-last-row')

      // Page Up moves by a screen, the arrows by a row, all near the end of a scaled scroll bar.
      await page().keyboard.press('PageUp')
      await expect.poll(firstVisible).toBeLessThan(MILLION - 10)
      await page().keyboard.press('Control+Home')
      await expect.poll(firstVisible).toBe(1)
      await page().keyboard.press('ArrowDown')
      await page().keyboard.press('PageDown')
      await page().keyboard.press('End')
      expect((await grid().locator('.cell.focus').textContent())?.trim()).toMatch(/^Order \d+$/)

      // Dragging the scroll bar to its end shows the last row too; the wheel then moves by rows.
      await grid().evaluate((scroller) => (scroller.scrollTop = scroller.scrollHeight))
      await expectRow(MILLION, fields(MILLION - 1))
      await grid().hover()
      await page().mouse.wheel(0, -28 * 3)
      await expectRow(MILLION - 3, fields(MILLION - 4))
      expect(await isVisible(MILLION)).toBe(false)

      // Halfway down the bar is halfway through the rows.
      await grid().evaluate(
        (scroller) => (scroller.scrollTop = (scroller.scrollHeight - scroller.clientHeight) / 2),
      )
      await expect.poll(async () => Math.abs((await firstVisible()) - MILLION / 2)).toBeLessThan(30)
      const middle = await firstVisible()
      await expectRow(middle, fields(middle - 1))
    })
  })

  it('sorts by clicking Amount: ascending, descending, then as in the file', async () => {
    const amountHeader = byTestId('column-Amount')
    const byAmount = Array.from({ length: MILLION }, (_, i) => i).sort(
      (a, b) => cents(a) - cents(b),
    )
    const start = await pageNow()
    await phase('sorting', async () => {
      await amountHeader.getByTestId('column-sort').click()
      await expectRow(1, fields(byAmount[0]!), 30_000)
      measured['sort 1M rows by Amount (click → rows)'] =
        `${((await pageNow()) - start).toFixed(0)} ms`
    })
    await expectRow(2, fields(byAmount[1]!))
    expect(await amountHeader.getAttribute('aria-sort')).toBe('ascending')
    expect(await amountHeader.getByTestId('column-sort-state').textContent()).toContain('▲')
    await suite.app.screenshot('report-table-sorted')

    await amountHeader.getByTestId('column-sort').click()
    await expectRow(1, fields(byAmount.at(-1)!), 30_000)
    expect(await amountHeader.getAttribute('aria-sort')).toBe('descending')

    // Shift+click adds Currency as the second key: each header shows its place.
    await byTestId('column-Currency')
      .getByTestId('column-sort')
      .click({ modifiers: ['Shift'] })
    await expect
      .poll(() => byTestId('column-Currency').getByTestId('column-sort-state').textContent())
      .toBe('▲2')
    expect(await amountHeader.getByTestId('column-sort-state').textContent()).toBe('▼1')
    await expect.poll(() => byTestId('report-querying').count(), { timeout: 30_000 }).toBe(0)

    // A plain click on Amount, sorted descending, cycles it to unsorted and drops Currency.
    await amountHeader.getByTestId('column-sort').click()
    await expect.poll(() => byTestId('report-querying').count(), { timeout: 30_000 }).toBe(0)
    await expectRow(2, fields(1))
    expect(await amountHeader.getAttribute('aria-sort')).toBe('none')
  })

  it('filters Currency = EUR: fewer rows of the whole, and the totals follow', async () => {
    const eur = { count: 0, cents: 0n }
    for (let i = 0; i < MILLION; i += 3) {
      eur.count++
      eur.cents += BigInt(cents(i))
    }
    const euros = `${(eur.cents / 100n).toLocaleString('en-US')}.${pad(Number(eur.cents % 100n))}`
    await byTestId('column-Currency').getByTestId('column-filter').click()
    const form = byTestId(`filter-form-${COLUMN['Currency']}`)
    await form.getByText('Equals').click()
    await form.getByTestId('filter-value').locator('input').fill('EUR')
    await suite.app.screenshot('report-table-filter-popover')
    await form.getByTestId('filter-value').locator('input').press('Enter')
    await expect
      .poll(countText, { timeout: 30_000 })
      .toBe(`Showing ${eur.count.toLocaleString('en-US')} of 1,000,000 rows`)
    await expectRow(2, fields(3))
    await expect
      .poll(() => byTestId('summary-amounts').textContent(), { timeout: 30_000 })
      .toContain(`${euros} EUR (${eur.count.toLocaleString('en-US')})`)
    expect(await byTestId('summary-amounts').textContent()).not.toContain('USD')
    expect(
      await byTestId('column-Currency').getByTestId('column-filter').getAttribute('aria-label'),
    ).toBe('Filter Currency (filtered)')
    await suite.app.screenshot('report-table-filtered')
  })

  it('finds rows with the quick search, on any column', async () => {
    await byTestId('column-Currency').getByTestId('column-filter').click()
    await byTestId(`filter-form-${COLUMN['Currency']}`).getByTestId('filter-clear').click()
    await expect.poll(countText, { timeout: 30_000 }).toBe('Showing 1,000,000 of 1,000,000 rows')

    await byTestId('report-search').locator('input').fill('ord-123456')
    await expect.poll(countText, { timeout: 30_000 }).toBe('Showing 1 of 1,000,000 rows')
    await expectRow(1, fields(123_456))
    await expect
      .poll(() => byTestId('summary-amounts').textContent(), { timeout: 30_000 })
      .toContain(`6,480.64 ${CURRENCIES[123_456 % 3]} (1)`)
    await suite.app.screenshot('report-table-search')

    // Each match is marked; Enter goes to the next matching cell, Shift+Enter back.
    await byTestId('report-search').locator('input').fill('123456')
    await expect
      .poll(() => grid().locator('mark').allTextContents(), { timeout: 30_000 })
      .toEqual(['123456', '123456', '123456'])
    const focusCol = () => grid().locator('.cell.focus').getAttribute('data-col')
    const place = (name: string) => String(KEY_ORDER.indexOf(name))
    await byTestId('report-search').locator('input').press('Enter')
    await expect.poll(focusCol).toBe(place('Transaction_id'))
    await byTestId('report-search').locator('input').press('Enter')
    await expect.poll(focusCol).toBe(place('Merchant_OID'))
    await byTestId('report-search').locator('input').press('Enter')
    await expect.poll(focusCol).toBe(place('Order_description'))
    await byTestId('report-search').locator('input').press('Shift+Enter')
    await expect.poll(focusCol).toBe(place('Merchant_OID'))
    await suite.app.screenshot('report-table-search-jump')

    await byTestId('report-search').locator('input').fill('no such text anywhere')
    await expect.poll(countText, { timeout: 30_000 }).toBe('Showing 0 of 1,000,000 rows')
    expect(await byTestId('report-empty').textContent()).toContain('No rows match')
    await byTestId('report-search').locator('input').fill('')
    await expect.poll(countText, { timeout: 30_000 }).toBe('Showing 1,000,000 of 1,000,000 rows')
  })

  it('keeps pinned columns in view while the others scroll sideways', async () => {
    expect(await grid().getAttribute('aria-rowcount')).toBe(String(MILLION + 1))
    const left = async (name: string) => (await byTestId(`column-${name}`).boundingBox())!.x
    const idLeft = await left('Transaction_id')
    expect(
      await byTestId('column-Transaction_id')
        .getByTestId('column-pin')
        .getAttribute('aria-pressed'),
    ).toBe('true')
    const scrollSideways = async (to: number) => {
      await grid().evaluate((scroller, to) => (scroller.scrollLeft = to), to)
      await expect.poll(() => grid().evaluate((scroller) => scroller.scrollLeft)).toBe(to)
    }
    await phase('scrolling sideways (1M rows)', async () => {
      for (const to of [100, 200, 300, 400]) await scrollSideways(to)
    })
    expect(await left('Transaction_id')).toBeCloseTo(idLeft, 0)

    // Amount pinned from its header stays beside the identifier.
    await scrollSideways(0)
    await byTestId('column-Amount').hover()
    await phase('pinning Amount (1M rows)', async () => {
      await byTestId('column-Amount').getByTestId('column-pin').click()
      await expect.poll(() => headersStart(['Transaction_id', 'Amount', 'Created_date'])).toBe(true)
    })
    await scrollSideways(300)
    const idWidth = (await byTestId('column-Transaction_id').boundingBox())!.width
    expect(await left('Amount')).toBeCloseTo(idLeft + idWidth, 0)
    await suite.app.screenshot('report-table-pinned')

    // Double-clicking an edge fits the column to the values on screen, as it opened.
    const orderWidth = async () => (await byTestId('column-Merchant_OID').boundingBox())!.width
    const fitted = await orderWidth()
    await byTestId('column-Merchant_OID').getByTestId('column-resize').focus()
    for (let step = 0; step < 5; step++) await page().keyboard.press('ArrowRight')
    await expect.poll(orderWidth).toBeGreaterThan(fitted + 60)
    await phase('fitting a column (1M rows)', async () => {
      await byTestId('column-Merchant_OID').getByTestId('column-resize').dblclick()
      await expect.poll(orderWidth).toBeCloseTo(fitted, 0)
    })

    // Unpinned from the columns menu: it scrolls again, first of the others.
    await scrollSideways(0)
    await byTestId('report-columns').click()
    await byTestId('column-pinned-Amount').click()
    const amountPin = byTestId('column-Amount').getByTestId('column-pin')
    await expect.poll(() => amountPin.getAttribute('aria-pressed')).toBe('false')
    await byTestId('report-columns-reset').click()
    await byTestId('report-count').click() // outside the menu: it closes
    await expect.poll(() => headersStart(KEY_ORDER)).toBe(true)
  })

  it('copies a range of cells, and whole rows with their header', async () => {
    await page()
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: new URL(suite.gatedesk.harness.url).origin,
      })
    const cell = (row: number, col: number) =>
      grid().locator(`[data-row="${row}"] [data-col="${col}"]`)
    await expectRow(1, fields(0))
    const amountAt = KEY_ORDER.indexOf('Amount')
    await cell(0, 0).click()
    await cell(2, amountAt).click({ modifiers: ['Shift'] })
    await page().keyboard.press('Control+c')
    // With the header row, the values exact as in the file (a spreadsheet reads them).
    const expected = [KEY_ORDER, ...[0, 1, 2].map(keyFields)]
      .map((row) => row.slice(0, amountAt + 1).join('\t'))
      .join('\n')
    await expect.poll(() => page().evaluate(() => navigator.clipboard.readText())).toBe(expected)
    await expect
      .poll(() => page().locator('.n-message').last().textContent())
      .toContain('Copied 3 rows')
    await suite.app.screenshot('report-table-copied')

    // The row numbers pick whole rows; Shift+Down adds one more.
    await grid().locator('[data-row="4"] [role=rowheader]').click()
    await page().keyboard.press('Shift+ArrowDown')
    await page().keyboard.press('Control+c')
    const rows = [KEY_ORDER, keyFields(4), keyFields(5)].map((row) => row.join('\t')).join('\n')
    await expect.poll(() => page().evaluate(() => navigator.clipboard.readText())).toBe(rows)

    // Ctrl+A selects all million rows: too many for the clipboard, and it says so.
    await page().keyboard.press('Control+a')
    await page().keyboard.press('Control+c')
    await expect
      .poll(() => page().locator('.n-message').last().textContent())
      .toContain('Copy takes at most 100,000 rows')
  })

  it('exports the view with progress, and cancels without leaving a file', async () => {
    const target = join(dir, 'million-view.csv')
    suite.gatedesk.dialogs.nextSave = target
    await byTestId('report-export-view').click()
    await byTestId('report-export-choose').click()
    await expect.poll(() => byTestId('export-progress').isVisible()).toBe(true)
    await expect.poll(() => byTestId('export-progress').textContent()).toMatch(/[1-9]\d*%/)
    await suite.app.screenshot('report-table-exporting')
    await byTestId('export-progress').getByTestId('job-cancel').click()
    await expect
      .poll(() => byTestId('export-outcome').textContent())
      .toBe('Exporting the view as XLSX was cancelled; nothing was written.')
    expect(existsSync(target)).toBe(false)
    expect(existsSync(`${target}.part`)).toBe(false)
  })
})

/** The grid's steps held against a baseline on ten million rows (the list). */
const GRID_STEPS = ['paging', 'resizing', 'fitting', 'pinning'] as const
type GridStep = (typeof GRID_STEPS)[number]
/** The rows of the baseline report: more than five screens, so that paging up moves as much. */
const BASELINE_ROWS = 2_000
/** The browser's own mark for a long task: below it a step blocks nothing a user feels. */
const LONG_TASK_MS = 50
/**
 * A step on ten million rows may take up to twice its longest task on the small report, both
 * measured in this run, so that a loaded machine stretches both alike; a step that stays below
 * the long-task mark passes however short the baseline was.
 */
const taskBudget = (baselineMs: number) => Math.max(LONG_TASK_MS, 2 * baselineMs)

describe('the report table on ten million rows', () => {
  const TEN_MILLION = 10_000_000
  const tenMillionFile = join(dir, 'ten-million.csv')
  // Three short columns keep the file near 180 MB: what is tested is the row count.
  const tenMillionRow = (i: number) => [String(i + 1), String((i * 7919) % 10_007), `t${i % 10}`]

  /** Writes the first `count` rows of the ten-million-row report to `path`. */
  function writeTenMillionRows(path: string, count: number) {
    const fd = openSync(path, 'w')
    try {
      writeSync(fd, 'Row,Check,Tag\n')
      for (let start = 0; start < count; start += 100_000) {
        let chunk = ''
        for (let i = start; i < Math.min(count, start + 100_000); i++)
          chunk += `${tenMillionRow(i).join(',')}\n`
        writeSync(fd, chunk)
      }
    } finally {
      closeSync(fd)
    }
  }

  /**
   * Pages up from the last row, widens Check, fits it back and pins Tag, on the report open
   * (of `rows` rows, the ten-million report's columns): the longest task of each step, CPU ms.
   */
  async function gridSteps(rows: number, label: string): Promise<Record<GridStep, number>> {
    await grid().click({ position: { x: 100, y: 60 } })
    await page().keyboard.press('Control+End')
    await expect.poll(() => isVisible(rows)).toBe(true)
    const paging = await phase(`paging up (${label})`, async () => {
      for (let page = 0; page < 5; page++) await grid().press('PageUp')
      await expect.poll(firstVisible).toBeLessThan(rows - 60)
    })
    const check = byTestId('column-Check')
    const width = async () => (await check.boundingBox())!.width
    const before = await width()
    const resizing = await phase(`resizing a column (${label})`, async () => {
      const handle = (await check.getByTestId('column-resize').boundingBox())!
      await page().mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2)
      await page().mouse.down()
      await page().mouse.move(handle.x + 120, handle.y + handle.height / 2, { steps: 6 })
      await page().mouse.up()
      await expect.poll(width).toBeGreaterThan(before + 100)
    })
    const fitting = await phase(`fitting a column (${label})`, async () => {
      await check.getByTestId('column-resize').dblclick()
      await expect.poll(width).toBeLessThan(before + 20)
    })
    await byTestId('column-Tag').hover()
    const pinning = await phase(`pinning a column (${label})`, async () => {
      await byTestId('column-Tag').getByTestId('column-pin').click()
      await expect.poll(headerNames).toEqual(['Tag', 'Row', 'Check'])
    })
    return { paging, resizing, fitting, pinning }
  }

  it('reaches row 10,000,000 through the scaled scroll bar', async () => {
    const baselineFile = join(dir, 'ten-million-head.csv')
    writeTenMillionRows(baselineFile, BASELINE_ROWS)
    await openReport(baselineFile)
    await expect
      .poll(countText)
      .toBe(
        `Showing ${BASELINE_ROWS.toLocaleString('en-US')} of ${BASELINE_ROWS.toLocaleString('en-US')} rows`,
      )
    const baseline = await gridSteps(BASELINE_ROWS, `${BASELINE_ROWS} rows`)
    // Columns are kept per header: reset, so that the big report opens as it would.
    await byTestId('report-columns').click()
    await byTestId('report-columns-reset').click()
    await byTestId('report-count').click() // outside the menu: it closes
    await expect.poll(headerNames).toEqual(['Row', 'Check', 'Tag'])

    writeTenMillionRows(tenMillionFile, TEN_MILLION)
    await openReport(tenMillionFile)
    await expect.poll(countText, { timeout: 60_000 }).toBe('Showing 10,000,000 of 10,000,000 rows')
    await grid().click({ position: { x: 100, y: 60 } })
    await page().keyboard.press('Control+End')
    // Fitted to the first rows, Row is too narrow for 10,000,000: an ellipsis, never some
    // digits, until its edge is double-clicked to fit the rows on screen.
    const lastRowNumber = grid().locator(`[data-row="${TEN_MILLION - 1}"] [data-col="0"]`)
    await expect
      .poll(async () => (await lastRowNumber.textContent())?.trim(), { timeout: 10_000 })
      .toBe('…')
    await byTestId('column-Row').getByTestId('column-resize').dblclick()
    // Plain numbers, grouped as English writes them.
    const grouped = tenMillionRow(TEN_MILLION - 1).map((value) =>
      /^\d+$/.test(value) ? Number(value).toLocaleString('en-US') : value,
    )
    await expectRow(TEN_MILLION, grouped, 5000, ['Row', 'Check', 'Tag'])
    await suite.app.screenshot('report-table-ten-million-last-row')

    // Scrolling, resizing, pinning and fitting on ten million rows: no longer tasks than the
    // same steps on a small report of the same columns, measured before in this run.
    const tenMillion = await gridSteps(TEN_MILLION, '10M rows')
    for (const step of GRID_STEPS) {
      expect(
        tenMillion[step],
        `${step}: longest task ${tenMillion[step].toFixed(0)} ms CPU on 10M rows, ${baseline[step].toFixed(0)} ms on ${BASELINE_ROWS} rows`,
      ).toBeLessThanOrEqual(taskBudget(baseline[step]))
    }
    rmSync(tenMillionFile)
  }, 180_000)
})

describe('the report table on a small report', () => {
  it('moves, hides and resizes columns, and exports the view as shown', async () => {
    await openReport(smallFile)
    await expect
      .poll(countText, { timeout: 10_000 })
      .toBe(`Showing ${SMALL_ROWS} of ${SMALL_ROWS} rows`)
    expect(await headersStart(KEY_ORDER)).toBe(true)

    // Hide Merchant_Name from the columns menu; drag Amount before Created_date.
    await byTestId('report-columns').click()
    await byTestId('column-shown-Merchant_Name').click()
    await suite.app.screenshot('report-table-columns-menu')
    await byTestId('report-count').click() // outside the menu: it closes
    await expect.poll(() => byTestId('report-columns-menu').isVisible()).toBe(false)
    await byTestId('column-Amount').dragTo(byTestId('column-Created_date'))
    const shown = [
      'Transaction_id',
      'Amount',
      'Created_date',
      'Transaction_type',
      'Currency',
      'Merchant_OID',
      'Order_description',
    ]
    await expect.poll(() => headersStart(shown)).toBe(true)

    const resize = byTestId('column-Amount').getByTestId('column-resize')
    const before = (await byTestId('column-Amount').boundingBox())!.width
    const handle = (await resize.boundingBox())!
    await page().mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2)
    await page().mouse.down()
    await page().mouse.move(handle.x + 80, handle.y + handle.height / 2, { steps: 4 })
    await page().mouse.up()
    await expect
      .poll(async () => (await byTestId('column-Amount').boundingBox())!.width)
      .toBeGreaterThan(before + 60)
    expect(await headersStart(shown)).toBe(true)

    // Sorted by Amount, descending, only refunds: exported with those columns in that order.
    await byTestId('column-Amount').getByTestId('column-sort').click()
    await byTestId('column-Amount').getByTestId('column-sort').click()
    await byTestId('column-Transaction_type').getByTestId('column-filter').click()
    const form = byTestId(`filter-form-${COLUMN['Transaction_type']}`)
    await form.getByText('Equals').click()
    await form.getByTestId('filter-value').locator('input').fill('refund')
    await form.getByTestId('filter-apply').click()
    const refunds = Array.from({ length: SMALL_ROWS }, (_, i) => i)
      .filter((i) => i % 10 === 9)
      .sort((a, b) => cents(b) - cents(a))
    await expect.poll(countText).toBe(`Showing ${refunds.length} of ${SMALL_ROWS} rows`)
    await expectRow(
      1,
      shown.map((name) => fields(refunds[0]!)[COLUMN[name]!]!),
      5000,
      shown,
    )

    const target = join(dir, 'view.csv')
    suite.gatedesk.dialogs.nextSave = target
    await byTestId('report-export-view').click()
    await byTestId('report-export-format-csv').click()
    // The export says how it keeps spreadsheets from running cells, and offers the exact bytes.
    await expect
      .poll(() => byTestId('report-export-safety').textContent())
      .toContain("get a ' in front")
    await byTestId('report-export-exact').click()
    await expect
      .poll(() => byTestId('report-export-safety').textContent())
      .toContain('written exactly as it is')
    await suite.app.screenshot('report-table-export-menu')
    await byTestId('report-export-exact').click()
    await byTestId('report-export-choose').click()
    await expect
      .poll(() => byTestId('export-outcome').textContent())
      .toBe(`Saved ${refunds.length} rows to view.csv.`)
    const quoted = (row: string[]) => row.map((field) => `"${field}"`).join(',')
    const expected = [shown, ...refunds.map((i) => shown.map((name) => fields(i)[COLUMN[name]!]!))]
    expect(readFileSync(target, 'utf8')).toBe(expected.map(quoted).join('\r\n') + '\r\n')
    await suite.app.screenshot('report-table-exported')

    const original = join(dir, 'original.csv')
    suite.gatedesk.dialogs.nextSave = original
    await byTestId('report-save-original').click()
    await expect.poll(() => byTestId('export-outcome').textContent()).toBe('Saved original.csv.')
    expect(readFileSync(original)).toEqual(readFileSync(smallFile))
  })

  it('opens a report with the same header as its columns were left, until Reset columns', async () => {
    const amountWidth = async () => (await byTestId('column-Amount').boundingBox())!.width
    const arrangedWidth = await amountWidth()
    const arranged = await headerNames()
    expect(arranged).not.toEqual(KEY_ORDER)
    // The million-row file has the same header: the same kind of report.
    await openReport(millionFile)
    await expect.poll(countText, { timeout: 30_000 }).toBe('Showing 1,000,000 of 1,000,000 rows')
    expect(await headersStart(arranged)).toBe(true)
    expect(await amountWidth()).toBeCloseTo(arrangedWidth, 0)
    const columnsButton = async () => (await byTestId('report-columns').textContent())?.trim()
    expect(await columnsButton()).toBe('Columns (1 hidden)')

    await byTestId('report-columns').click()
    await suite.app.screenshot('report-table-columns-kept')
    await byTestId('report-columns-reset').click()
    await expect.poll(() => headersStart(KEY_ORDER)).toBe(true)
    expect(await byTestId('report-columns-reset').isDisabled()).toBe(true)
    expect(await columnsButton()).toBe('Columns')
    await byTestId('report-count').click() // outside the menu: it closes
    await expect.poll(() => byTestId('report-columns-menu').isVisible()).toBe(false)
    expect(await amountWidth()).toBeLessThan(arrangedWidth)

    // Forgotten for good: opened again, it shows the opening order.
    await openReport(smallFile)
    await expect
      .poll(countText, { timeout: 10_000 })
      .toBe(`Showing ${SMALL_ROWS} of ${SMALL_ROWS} rows`)
    expect(await headersStart(KEY_ORDER)).toBe(true)
  })

  it('filters numbers by range, and explains a bound that is not a number', async () => {
    await openReport(smallFile)
    await expect
      .poll(countText, { timeout: 10_000 })
      .toBe(`Showing ${SMALL_ROWS} of ${SMALL_ROWS} rows`)
    const inRange = Array.from({ length: SMALL_ROWS }, (_, i) => i).filter(
      (i) => cents(i) >= 100_00 && cents(i) <= 1000_00,
    )
    const filterAmount = async (min: string, max: string) => {
      await byTestId('column-Amount').getByTestId('column-filter').click()
      const form = byTestId(`filter-form-${COLUMN['Amount']}`)
      await form.getByText('Range').click()
      await form.getByTestId('filter-min').locator('input').fill(min)
      await form.getByTestId('filter-max').locator('input').fill(max)
      await form.getByTestId('filter-apply').click()
    }
    await filterAmount('100', '1000')
    await expect.poll(countText).toBe(`Showing ${inRange.length} of ${SMALL_ROWS} rows`)
    await expectRow(1, fields(inRange[0]!))

    // A bound the engine cannot read is explained under its field, and not applied.
    await filterAmount('ten', '')
    await expect
      .poll(() => byTestId('filter-min-problem').textContent())
      .toContain('Type a number, e.g. 10.50 (a comma works too).')
    // The rows already shown stay.
    expect(await countText()).toBe(`Showing ${inRange.length} of ${SMALL_ROWS} rows`)
    await expectRow(1, fields(inRange[0]!))
    await suite.app.screenshot('report-table-filter-error')
  })

  it('keeps the rows of a ragged file, and lists its problems by row and line', async () => {
    await openReport(raggedFile)
    await expect.poll(countText, { timeout: 10_000 }).toBe('Showing 5 of 5 rows')
    await expectRow(
      1,
      ['Shop, Inc.', '1', '10.50', 'EUR', 'sale', 'She said "hi"'],
      5000,
      RAGGED_HEADER,
    )
    await expectRow(2, ['Shop', '2', '3.25', 'USD', 'refund', 'two\nlines'], 5000, RAGGED_HEADER)
    await expectRow(3, ['Shop', '3', '7.00', 'EUR', 'sale', ''], 5000, RAGGED_HEADER)
    await expectRow(4, ['Shop', '4', '1.10', 'EUR', 'sale', 'ok'], 5000, RAGGED_HEADER)
    expect(await byTestId('report-problems').textContent()).toContain('3 problems')
    await byTestId('report-problems').click()
    const list = await byTestId('report-problem-list').innerText()
    // By the grid's row number, and the file's line (a quoted line break makes them differ).
    expect(list).toMatch(/Row 3 \(file line 5\): /)
    expect(list).toMatch(/Row 4 \(file line 6\): /)
    expect(list).toMatch(/Row 5 \(file line 7\): /)
    await suite.app.screenshot('report-table-problems')
    // A click shows the row in the grid, selected.
    await byTestId('report-problem-row').nth(1).click()
    await expect
      .poll(() => grid().locator('[data-row="3"] [role=rowheader]').getAttribute('class'))
      .toContain('selected')
    await byTestId('report-problems').click()
    await expect
      .poll(() => byTestId('summary-amounts').textContent(), { timeout: 10_000 })
      .toContain('18.60 EUR (3)')
  })

  it('stops reading a file on Cancel, and keeps its first rows', async () => {
    // A million rows are read in well under a second, sooner than the table shows at times:
    // the reading waits at the gate until Cancel is clicked, so that the click always meets it.
    const letGo = suite.gatedesk.indexGate.hold()
    try {
      await openReport(millionFile)
      const cancel = byTestId('index-progress').getByTestId('job-cancel')
      await expect.poll(() => cancel.isVisible(), { timeout: 10_000 }).toBe(true)
      await expectRow(1, fields(0))
      await cancel.click()
    } finally {
      letGo()
    }
    await expect
      .poll(() => byTestId('report-error').textContent())
      .toContain('Reading the file was cancelled: only the first 100 rows can be shown.')
    expect(await byTestId('index-progress').count()).toBe(0)
    expect(await countText()).toBe('Showing the first 100 rows')
    await expectRow(1, fields(0))
    await suite.app.screenshot('report-table-index-cancelled')
  })

  it('fits a smaller window', async () => {
    await page().setViewportSize({ width: 1024, height: 700 })
    await openReport(smallFile)
    await expect
      .poll(countText, { timeout: 10_000 })
      .toBe(`Showing ${SMALL_ROWS} of ${SMALL_ROWS} rows`)
    await expectRow(1, fields(0))
    await suite.app.screenshot('report-table-1024x700')
    await openReport(millionFile)
    await expect.poll(countText, { timeout: 30_000 }).toBe('Showing 1,000,000 of 1,000,000 rows')
    // The keys go to the grid of the report now open: its first rows drawn, and focus inside it.
    await expectRow(1, fields(0), 15_000)
    await grid().click({ position: { x: 100, y: 60 } })
    await expect.poll(() => grid().evaluate((el) => el.contains(document.activeElement))).toBe(true)
    await page().keyboard.press('Control+End')
    await expectRow(MILLION, fields(MILLION - 1), 15_000)
    await suite.app.screenshot('report-table-1024x700-last-row')
    // A shorter grid (a shorter window, or the totals' footer arriving) keeps the last row shown.
    await page().setViewportSize({ width: 1024, height: 560 })
    await expectRow(MILLION, fields(MILLION - 1))
    await page().setViewportSize({ width: 1280, height: 800 })
  })

  it('raised no page error and no Content Security Policy violation', async () => {
    expect(suite.app.pageErrors).toEqual([])
    expect(await suite.app.cspViolations()).toEqual([])
    console.log('Measured:', measured)
  })
})
