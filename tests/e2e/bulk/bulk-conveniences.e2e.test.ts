import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useAppInBrowser } from '../harness/app-under-test'
import type { AppPage } from '../harness/browser'
import { selectsThatCutText } from '../harness/select-fit'
import { atZoom150, chooseLanguage, screenLooks } from '../reports/screen-looks'

// The import screen's conveniences, the run setup's labels and "Send the failed rows again", as
// people see them: light and dark, English and Russian, 1024×700 and 150 %.
const suite = useAppInBrowser()
const byTestId = (id: string) => suite.app.page.getByTestId(id)

/** Three rows: two amounts with a decimal comma, and a profile the gateway does not know. */
async function writeUpdates(): Promise<string> {
  const overview = await suite.app.page.evaluate(() => window.gatedesk.invoke('sandbox:overview'))
  if (!overview.ok) throw new Error(overview.error.message)
  const [first, second] = overview.value.profiles.filter((p) => p.type === 'SRC').map((p) => p.id)
  const lines = [
    'recurring-payment-id;amount;order_desc',
    `${first};12,50;Comma one`,
    `${second};3,5;Comma two`,
    '999999;7.00;No such profile',
  ]
  const file = join(suite.gatedesk.dataDir, 'comma-updates.csv')
  writeFileSync(file, `${lines.join('\r\n')}\r\n`)
  return file
}

/** The screen's text labels never wrap inside their box: each fits on its line. */
async function labelsOnOneLine(app: AppPage) {
  return app.page.getByTestId('bulk-run-settings').evaluate((settings) =>
    [...settings.querySelectorAll('label')].every((label) => {
      const box = label.getBoundingClientRect()
      const input = label.querySelector('.n-input-number')?.getBoundingClientRect()
      return (
        input !== undefined &&
        Math.abs(input.top + input.height / 2 - (box.top + box.height / 2)) < 4
      )
    }),
  )
}

/** The results' headers that take more than one line (a word wrapped inside: "Строк|а"). */
async function headersOnMoreLines(app: AppPage) {
  return app.page
    .getByTestId('bulk-results')
    .locator('thead th')
    .evaluateAll((headers) =>
      headers
        .filter((header) => {
          // The header's words: Vue's empty text nodes (its fragments' anchors) are not.
          const walker = document.createTreeWalker(header, NodeFilter.SHOW_TEXT)
          let text = walker.nextNode()
          while (text && !text.textContent?.trim()) text = walker.nextNode()
          if (!text) return false
          const range = document.createRange()
          range.selectNodeContents(text)
          return range.getClientRects().length > 1
        })
        .map((header) => header.textContent),
    )
}

describe('bulk conveniences', () => {
  it('saves a sample CSV from the import screen', async () => {
    await suite.app.page.getByRole('link', { name: 'Bulk updates' }).click()
    const file = join(suite.gatedesk.dataDir, 'sample.csv')
    suite.gatedesk.dialogs.nextSave = file
    await byTestId('bulk-sample').click()
    await expect.poll(() => byTestId('bulk-import-status').textContent()).toContain('sample.csv')
    expect(readFileSync(file, 'utf8').split('\r\n')[0]).toContain('recurring-payment-id,amount')
    await screenLooks(suite.app, 'bulk-sample-saved')
  })

  it('offers the decimal commas of a column for conversion, all at once', async () => {
    suite.gatedesk.dialogs.nextOpen = await writeUpdates()
    await byTestId('bulk-open').click()
    const offer = byTestId('bulk-decimal-comma-1')
    await expect.poll(() => offer.textContent()).toContain('Column "Amount" has 2 amounts')
    await screenLooks(suite.app, 'bulk-decimal-comma')
    await byTestId('bulk-convert-1').click()
    await expect.poll(() => offer.count()).toBe(0)
    expect(await byTestId('bulk-import-status').textContent()).toContain('Wrote 2 amounts')
    await expect.poll(() => byTestId('bulk-counts').textContent()).toContain('0 with problems')
  })

  it('keeps each run setting with its label on one line', async () => {
    await byTestId('bulk-dry-run').click()
    await expect
      .poll(() => byTestId('bulk-dry-run-counts').textContent())
      .toMatch(/Will be sent\s*3/)
    expect(await labelsOnOneLine(suite.app)).toBe(true)
    await byTestId('bulk-run-settings').scrollIntoViewIfNeeded()
    await screenLooks(suite.app, 'bulk-run-setup')
    await suite.app.page.setViewportSize({ width: 1024, height: 700 })
    expect(await labelsOnOneLine(suite.app)).toBe(true)
    expect(await selectsThatCutText(suite.app.page)).toEqual([])
    await suite.app.page.setViewportSize({ width: 1280, height: 800 })
  })

  it('sends the failed rows of a finished job again, as a new job', async () => {
    await byTestId('bulk-start').click()
    const counts = byTestId('bulk-job-counts')
    await expect.poll(() => counts.textContent(), { timeout: 20_000 }).toContain('finished')
    const again = byTestId('bulk-failed-again')
    await expect.poll(() => again.textContent()).toBe('Send the failed row again')
    await screenLooks(suite.app, 'bulk-failed-again')
    // Every column of the results is wide enough for its header, in either language.
    expect(await headersOnMoreLines(suite.app)).toEqual([])
    await chooseLanguage(suite.app, 'Русский')
    expect(await headersOnMoreLines(suite.app)).toEqual([])
    await chooseLanguage(suite.app, 'English')
    await again.click()
    await expect.poll(() => counts.textContent(), { timeout: 20_000 }).toContain('1 / 1')
  })

  it('reads whole at 150 %, in English and Russian', async () => {
    for (const locale of ['en-US', 'ru-RU']) {
      await atZoom150(
        suite.app,
        suite.gatedesk.harness,
        async (zoomed) => {
          await zoomed.page.evaluate(() => (location.hash = '#/bulk'))
          suite.gatedesk.dialogs.nextOpen = await writeUpdates()
          await zoomed.page.getByTestId('bulk-open').click({ timeout: 20_000 })
          await expect
            .poll(() => zoomed.page.getByTestId('bulk-decimal-comma-1').count(), {
              timeout: 20_000,
            })
            .toBe(1)
          await zoomed.screenshot(`window-zoom150-${locale.slice(0, 2)}-bulk-import`)
          await zoomed.page.getByTestId('bulk-run-settings').scrollIntoViewIfNeeded()
          expect(await labelsOnOneLine(zoomed)).toBe(true)
          await zoomed.screenshot(`window-zoom150-${locale.slice(0, 2)}-bulk-run-setup`)
          // The file's format, its column mapping and the run's profile type, each read whole.
          expect(await selectsThatCutText(zoomed.page)).toEqual([])
        },
        { locale },
      )
    }
  })
})
