import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useAppInBrowser } from '../harness/app-under-test'
import { atZoom150, chooseLanguage, screenLooks } from '../reports/screen-looks'
import type { AppPage } from '../harness/browser'
import { labelsSplitInsideWords, textsOnSeveralLines } from './label-words'

const suite = useAppInBrowser()

const byTestId = (id: string) => suite.app.page.getByTestId(id)
const rows = () => byTestId('history-table').locator('tbody tr.history-row')
const rowTexts = () => rows().allInnerTexts()
const tagColor = (row: number) =>
  rows()
    .nth(row)
    .locator('.n-tag')
    .evaluate((tag) => getComputedStyle(tag).color)

/** Sends an update the way the Recurring screen does: through the bridge to main's real handler. */
async function sendUpdate(parameters: Record<string, string>) {
  return suite.app.page.evaluate(async (parameters) => {
    const environments = await window.gatedesk.invoke('environments:list')
    if (!environments.ok) throw new Error(environments.error.message)
    const sandbox = environments.value.find((environment) => environment.name === 'Sandbox')
    if (!sandbox) throw new Error('No Sandbox environment')
    const result = await window.gatedesk.invoke('recurring:send', {
      environmentId: sandbox.id,
      parameters,
    })
    if (!result.ok) throw new Error(result.error.message)
    return result.value
  }, parameters)
}

/** Runs a bulk job of `rows` updates on the Sandbox through the bridge, to its end. */
async function runBulkJob(profile: string, rows: number): Promise<string> {
  return suite.app.page.evaluate(
    async ({ profile, rows }) => {
      const value = async <T>(channel: string, input?: unknown): Promise<T> => {
        const result = await (
          window.gatedesk.invoke as (
            c: string,
            i?: unknown,
          ) => Promise<{ ok: boolean; value: T; error: { message: string } }>
        )(channel, input)
        if (!result.ok) throw new Error(result.error.message)
        return result.value
      }
      const environments = await value<{ id: string; name: string }[]>('environments:list')
      const sandbox = environments.find((environment) => environment.name === 'Sandbox')!
      const lines = ['recurring-payment-id\tamount']
      for (let row = 1; row <= rows; row++) lines.push(`${profile}\t${row}.00`)
      const { importId } = await value<{ importId: string }>('bulk:paste', {
        text: lines.join('\n'),
      })
      const { bulkJobId } = await value<{ bulkJobId: string }>('bulk:start', {
        importId,
        settings: { environmentId: sandbox.id, profileType: null, concurrency: 2, rate: null },
      })
      for (;;) {
        const jobs = await value<{ bulkJobId: string; state: string }[]>('bulk:jobs')
        if (jobs.find((job) => job.bulkJobId === bulkJobId)?.state === 'finished') return bulkJobId
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    },
    { profile, rows },
  )
}

/** No label on the History screen or its drawer is broken inside a word, no date or time in two. */
async function expectLabelsWhole(app: AppPage) {
  expect(await labelsSplitInsideWords(app.page, 'section.history, .n-drawer')).toEqual([])
  const dates = '[data-testid="history-sent"] > *, [data-testid="history-bulk-job-created"]'
  expect(await textsOnSeveralLines(app.page, dates)).toEqual([])
}

/** Every column in sight: the table is no wider than its place. */
function tableFits(app: AppPage): Promise<boolean> {
  return app.page.getByTestId('history-table').evaluate((table) => {
    const body = table.querySelector('table')!
    return body.getBoundingClientRect().right <= table.getBoundingClientRect().right + 1
  })
}

async function openHistory() {
  await suite.app.page.getByRole('link', { name: 'History' }).click()
  await expect
    .poll(() => suite.app.page.getByRole('heading', { name: 'History' }).isVisible())
    .toBe(true)
}

describe('the History screen', () => {
  let profileId = ''
  let serialNumber = ''

  it('says that nothing was sent yet in a fresh app', async () => {
    await openHistory()
    await expect
      .poll(() => byTestId('history-empty').textContent())
      .toContain(
        'Every recurring update sent from the Recurring screen, every report run and every row a bulk job sends appears here.',
      )
    expect(await byTestId('history-total').textContent()).toBe('0 requests')
    expect(await rows().count()).toBe(0)
    expect(await byTestId('history-bulk-none').textContent()).toBe('No bulk jobs yet.')
    await screenLooks(suite.app, 'history-empty')
  })

  it('lists the requests sent, newest first, with their outcomes; a refused one is not there', async () => {
    const overview = await suite.app.page.evaluate(() => window.gatedesk.invoke('sandbox:overview'))
    if (!overview.ok) throw new Error(overview.error.message)
    profileId = overview.value.profiles.find((profile) => profile.type === 'SRC')!.id

    const approved = await sendUpdate({
      'client-orderid': 'ORD-H-1',
      'recurring-payment-id': profileId,
      amount: '10.00',
    })
    expect(approved.outcome).toBe('approved')
    serialNumber = approved.serialNumber!
    const declined = await sendUpdate({
      'client-orderid': 'ORD-H-2',
      'recurring-payment-id': 'NO-SUCH-PROFILE-404',
      amount: '10.00',
    })
    expect(declined.outcome).toBe('declined')
    const refused = await sendUpdate({
      'client-orderid': 'ORD-H-3',
      'recurring-payment-id': profileId,
      amount: '12,5',
    })
    expect(refused).toMatchObject({ outcome: 'not-sent', historyId: null })

    await byTestId('history-refresh').click()
    await expect.poll(() => rows().count()).toBe(2)
    expect(await byTestId('history-total').textContent()).toBe('2 requests')
    const [newest, oldest] = await rowTexts()
    expect(newest).toContain('ORD-H-2')
    expect(newest).toContain('NO-SUCH-PROFILE-404')
    expect(newest).toContain('declined')
    expect(newest).toContain('Sandbox')
    expect(newest).toContain('Recurring update')
    expect(oldest).toContain('ORD-H-1')
    expect(oldest).toContain(profileId)
    expect(oldest).toContain('approved')
    expect(oldest).toContain(approved.serialNumber!)
    // The theme's error red and success green, whichever shades the theme picks for contrast.
    const [red, green] = [await tagColor(0), await tagColor(1)].map((color) =>
      color.match(/\d+/g)!.map(Number),
    )
    expect(red![0]).toBeGreaterThan(Math.max(red![1]!, red![2]!))
    expect(green![1]).toBeGreaterThan(Math.max(green![0]!, green![2]!))
    expect((await rowTexts()).join('\n')).not.toContain('ORD-H-3')
    await suite.app.screenshot('history')
  })

  it('finds by profile ID on Enter, keeps the search across screens, and clears it', async () => {
    await byTestId('history-filter-text').locator('input').fill(profileId)
    await byTestId('history-filter-text').locator('input').press('Enter')
    await expect.poll(() => rows().count()).toBe(1)
    expect(await rowTexts()).toEqual([expect.stringContaining('ORD-H-1')])
    expect(await byTestId('history-total').textContent()).toBe('1 request')

    await suite.app.page.getByRole('link', { name: 'Sandbox' }).click()
    await openHistory()
    await expect.poll(() => rows().count()).toBe(1)
    expect(await byTestId('history-filter-text').locator('input').inputValue()).toBe(profileId)

    await byTestId('history-clear').click()
    await expect.poll(() => rows().count()).toBe(2)
    expect(await byTestId('history-filter-text').locator('input').inputValue()).toBe('')
    expect(await byTestId('history-total').textContent()).toBe('2 requests')
  })

  it('filters by outcome as soon as one is picked, and says when nothing matches', async () => {
    await byTestId('history-filter-outcome').click()
    await suite.app.page.locator('.n-base-select-option', { hasText: /^declined$/ }).click()
    await expect.poll(() => rows().count()).toBe(1)
    expect(await rowTexts()).toEqual([expect.stringContaining('ORD-H-2')])

    await byTestId('history-filter-text').locator('input').fill('ORD-H-1')
    await byTestId('history-search').click()
    await expect.poll(() => rows().count()).toBe(0)
    expect(await byTestId('history-empty').textContent()).toContain('No requests match')
    expect(await byTestId('history-total').textContent()).toBe('0 requests')

    await byTestId('history-clear').click()
    await expect.poll(() => rows().count()).toBe(2)
  })

  it('searches with all the boxes hold, says what the table shows, and drops unsearched text', async () => {
    const profileBox = byTestId('history-filter-text').locator('input')
    const applied = () => byTestId('history-applied').textContent()
    await expect.poll(applied).toBe('Showing all requests.')

    // Typed but not searched for: the table stays as it was, and the line says so.
    await profileBox.fill(profileId)
    await expect.poll(applied).toContain('Changes in the boxes apply on Enter or Search.')
    expect(await rows().count()).toBe(2)

    // Coming back, the boxes show what the table was searched with.
    await suite.app.page.getByRole('link', { name: 'Sandbox' }).click()
    await openHistory()
    await expect.poll(() => rows().count()).toBe(2)
    expect(await profileBox.inputValue()).toBe('')
    expect(await applied()).toBe('Showing all requests.')

    // Picking an outcome searches with everything in the boxes, and the line names it all.
    await profileBox.fill(profileId)
    await byTestId('history-filter-outcome').click()
    await suite.app.page.locator('.n-base-select-option', { hasText: /^declined$/ }).click()
    await expect.poll(applied).toBe(`Showing requests with “${profileId}”, outcome declined.`)
    await expect.poll(() => rows().count()).toBe(0)

    // Clearing a box with its × searches again at once.
    await byTestId('history-filter-text').hover()
    await byTestId('history-filter-text').locator('.n-base-clear__clear').click()
    await expect.poll(applied).toBe('Showing requests with outcome declined.')
    await expect.poll(() => rows().count()).toBe(1)
    expect(await rowTexts()).toEqual([expect.stringContaining('ORD-H-2')])
    expect(await profileBox.inputValue()).toBe('')

    await byTestId('history-clear').click()
    await expect.poll(applied).toBe('Showing all requests.')
    await expect.poll(() => rows().count()).toBe(2)
  })

  it('filters by the days sent, and cannot be given a range that ends before it starts', async () => {
    const [first, last] = await byTestId('history-filter-days').locator('input').all()
    await first!.fill('2020-01-01')
    await last!.fill('2020-01-31')
    await expect.poll(() => rows().count()).toBe(0)
    expect(await byTestId('history-empty').textContent()).toContain('No requests match')

    // An end typed before the start moves the start to it: the range stays in order.
    await last!.fill('2019-12-15')
    await suite.app.page.keyboard.press('Escape')
    await expect.poll(() => first!.inputValue()).toBe('2019-12-15')
    expect(await last!.inputValue()).toBe('2019-12-15')

    const today = await suite.app.page.evaluate(() => {
      const now = new Date()
      const pad = (n: number) => String(n).padStart(2, '0')
      return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
    })
    await last!.fill(today)
    await first!.fill(today)
    await suite.app.page.keyboard.press('Escape')
    await expect.poll(() => rows().count()).toBe(2)
    expect(suite.app.pageErrors).toEqual([])

    await byTestId('history-clear').click()
    await expect.poll(() => first!.inputValue()).toBe('')
    await expect.poll(() => rows().count()).toBe(2)
  })

  it('shows a request in full, with the parameters as sent, and copies it as text', async () => {
    await suite.app.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(suite.gatedesk.harness.url).origin,
    })
    await rows().nth(1).click()
    await expect.poll(() => byTestId('history-detail').isVisible()).toBe(true)
    const detail = (await byTestId('history-detail').innerText()).replace(/\s+/g, ' ')
    expect(detail).toContain('ORD-H-1')
    expect(detail).toContain('approved')
    const parameters = await byTestId('history-detail-parameters')
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent?.trim())),
      )
    expect(parameters).toEqual(
      expect.arrayContaining([
        ['client-orderid', 'ORD-H-1'],
        ['recurring-payment-id', profileId],
        ['amount', '10.00'],
      ]),
    )
    await suite.app.screenshot('history-detail')

    await byTestId('history-detail-copy').click()
    await expect
      .poll(() => suite.app.page.evaluate(() => navigator.clipboard.readText()))
      .toContain('client-orderid=ORD-H-1')

    await suite.app.page.keyboard.press('Escape')
    await expect.poll(() => byTestId('history-detail').count()).toBe(0)
  })

  it('opens a request with Enter on its focused row', async () => {
    await rows().first().focus()
    await suite.app.page.keyboard.press('Enter')
    await expect
      .poll(() => byTestId('history-detail-parameters').textContent())
      .toContain('NO-SUCH-PROFILE-404')
    await suite.app.page.keyboard.press('Escape')
    await expect.poll(() => byTestId('history-detail').count()).toBe(0)
  })

  it('finds any part of a serial number, and filters by operation and environment', async () => {
    const find = byTestId('history-filter-text').locator('input')
    await find.fill(serialNumber.slice(2, 8))
    await find.press('Enter')
    await expect.poll(() => rows().count()).toBe(1)
    expect(await rowTexts()).toEqual([expect.stringContaining('ORD-H-1')])
    await byTestId('history-clear').click()

    await byTestId('history-filter-operation').click()
    await suite.app.page.locator('.n-base-select-option', { hasText: /^Custom report$/ }).click()
    await expect.poll(() => rows().count()).toBe(0)
    expect(await byTestId('history-applied').textContent()).toBe(
      'Showing requests with operation Custom report.',
    )
    await byTestId('history-filter-operation').click()
    await suite.app.page.locator('.n-base-select-option', { hasText: /^Recurring update$/ }).click()
    await byTestId('history-filter-environment').click()
    await suite.app.page.locator('.n-base-select-option', { hasText: /^Sandbox$/ }).click()
    await expect
      .poll(() => byTestId('history-applied').textContent())
      .toBe('Showing requests with operation Recurring update, environment Sandbox.')
    await expect.poll(() => rows().count()).toBe(2)
    await byTestId('history-clear').click()
    await expect.poll(() => rows().count()).toBe(2)
  })

  it("exports what the filters find as CSV, through main's save dialog", async () => {
    const file = join(suite.gatedesk.dataDir, 'history.csv')
    suite.gatedesk.dialogs.nextSave = file
    const find = byTestId('history-filter-text').locator('input')
    await find.fill('ORD-H-1')
    await find.press('Enter')
    await expect.poll(() => rows().count()).toBe(1)
    await byTestId('history-export').click()
    // Said beside the list, in a status line, not in a toast.
    await expect
      .poll(() => byTestId('history-export-outcome').allInnerTexts())
      .toEqual(['Saved history.csv: 1 requests, card data masked.'])
    // Written to history.csv.part and renamed once complete: nothing else is left.
    expect(existsSync(`${file}.part`)).toBe(false)
    expect(suite.gatedesk.dialogs.titles.at(-1)).toBe('Export the history as CSV')
    const [header, row, end] = readFileSync(file, 'utf8').split('\r\n')
    expect(header).toMatch(/^history-id,sent-at,environment,operation,recurring-payment-id/)
    expect(row).toContain('ORD-H-1')
    expect(row).toContain(serialNumber)
    expect(end).toBe('')
    await byTestId('history-clear').click()
    await expect.poll(() => rows().count()).toBe(2)
  })

  it('lists the bulk jobs with their counts, each a link to the job on the Bulk screen', async () => {
    const older = await runBulkJob(profileId, 1)
    await runBulkJob(profileId, 3)
    await byTestId('history-refresh').click()
    await expect.poll(() => rows().count()).toBe(6)
    const jobs = byTestId('history-bulk-job')
    await expect.poll(() => jobs.count()).toBe(2)
    expect(await jobs.nth(0).locator('[data-testid=history-bulk-job-counts]').innerText()).toMatch(
      /finished\s+3 rows\s+approved 3/,
    )
    expect(await jobs.nth(1).locator('[data-testid=history-bulk-job-counts]').innerText()).toMatch(
      /finished\s+1 row\s+approved 1/,
    )
    await byTestId('history-bulk-jobs').scrollIntoViewIfNeeded()
    await screenLooks(suite.app, 'history-bulk-jobs')

    // The older job, not the newest the Bulk screen would show by itself.
    await jobs.nth(1).getByTestId('history-bulk-job-open').click()
    await expect.poll(() => suite.app.page.url()).toMatch(/#\/bulk$/)
    await expect.poll(() => byTestId('bulk-job-counts').textContent()).toContain('1 / 1')
    expect(older).toMatch(/^bulk-/)
    await openHistory()
  })

  it('never breaks a label inside a word, in English and Russian, at 1024×700 and at 150 %', async () => {
    const detailLabelsWhole = async (name: string) => {
      await rows().nth(4).click()
      await expect.poll(() => byTestId('history-detail').isVisible()).toBe(true)
      await expectLabelsWhole(suite.app)
      await suite.app.page.mouse.move(1, 1)
      await suite.app.screenshot(name)
      await suite.app.page.keyboard.press('Escape')
      await expect.poll(() => byTestId('history-detail').count()).toBe(0)
    }
    await expect.poll(() => rows().count()).toBe(6)
    await expectLabelsWhole(suite.app)
    await detailLabelsWhole('history-detail-declined')
    await chooseLanguage(suite.app, 'Русский')
    await expectLabelsWhole(suite.app)
    await suite.app.page.setViewportSize({ width: 1024, height: 700 })
    await expectLabelsWhole(suite.app)
    expect(await tableFits(suite.app)).toBe(true)
    await suite.app.screenshot('history-1024-ru')
    await detailLabelsWhole('history-detail-1024-ru')
    await chooseLanguage(suite.app, 'English')
    await expectLabelsWhole(suite.app)
    await suite.app.screenshot('history-1024')
    await detailLabelsWhole('history-detail-1024')
    await suite.app.page.setViewportSize({ width: 1280, height: 800 })

    for (const locale of ['en-US', 'ru-RU']) {
      await atZoom150(
        suite.app,
        suite.gatedesk.harness,
        async (zoomed) => {
          await zoomed.page.evaluate(() => (location.hash = '#/history'))
          const zoomedRows = zoomed.page
            .getByTestId('history-table')
            .locator('tbody tr.history-row')
          // A window of its own, opened while others work: its first load may take a while.
          await expect.poll(() => zoomedRows.count(), { timeout: 20_000 }).toBe(6)
          await expectLabelsWhole(zoomed)
          expect(await tableFits(zoomed)).toBe(true)
          await zoomed.page.mouse.move(1, 1)
          await zoomed.screenshot(`history-150-${locale.slice(0, 2)}`)
          await zoomedRows.nth(0).click()
          await expect.poll(() => zoomed.page.getByTestId('history-detail').isVisible()).toBe(true)
          await expectLabelsWhole(zoomed)
          await zoomed.screenshot(`history-detail-150-${locale.slice(0, 2)}`)
        },
        { locale },
      )
    }
  }, 120_000)

  it('ran with no CSP violation and no console error', async () => {
    expect(await suite.app.cspViolations()).toEqual([])
    expect(suite.app.pageErrors).toEqual([])
  })
})
