import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useAppInBrowser } from '../harness/app-under-test'

const suite = useAppInBrowser()
const byTestId = (id: string) => suite.app.page.getByTestId(id)
const CARD = '4111111111111111'
const ROWS = 24

/** A CSV of good rows over the Sandbox's profiles, one with a card, and two bad rows at the end. */
async function writeUpdates(): Promise<string> {
  const overview = await suite.app.page.evaluate(() => window.gatedesk.invoke('sandbox:overview'))
  if (!overview.ok) throw new Error(overview.error.message)
  const profiles = overview.value.profiles.filter((p) => p.type === 'SRC').map((p) => p.id)
  const lines = [
    'Recurring Payment ID;amount;order_desc;credit-card-number;card-printed-name;expire-year;expire-month',
  ]
  for (let row = 1; row <= ROWS; row++) {
    const card = row === 1 ? `${CARD};ANNA ONEIL;2030;12` : ';;;'
    lines.push(`${profiles[row % profiles.length]};${row + 10}.00;Bulk e2e row ${row};${card}`)
  }
  lines.push(`${profiles[0]};12,50;comma instead of a dot;;;;`)
  lines.push(`;9.00;no profile;;;;`)
  const file = join(suite.gatedesk.dataDir, 'updates.csv')
  writeFileSync(file, `${lines.join('\r\n')}\r\n`)
  return file
}

describe('the Bulk updates screen', () => {
  it('imports a CSV, shows each problem at its cell, and takes a fix made in place', async () => {
    suite.gatedesk.dialogs.nextOpen = await writeUpdates()
    await suite.app.page.getByRole('link', { name: 'Bulk updates' }).click()
    await byTestId('bulk-open').click()
    await expect.poll(() => byTestId('bulk-file').textContent()).toContain('updates.csv · 26 rows')
    await expect.poll(() => byTestId('bulk-counts').textContent()).toContain('2 with problems')
    // Auto-mapped by name, whatever the header's case and spaces.
    expect(await byTestId('bulk-map-0').textContent()).toContain('recurring-payment-id')

    await byTestId('bulk-filter-problems').click()
    const badAmount = byTestId('bulk-cell-25-1')
    // A problem names its field by the label people read; the spec name once, in code font.
    await expect
      .poll(() => badAmount.getAttribute('title'))
      .toMatch(/^Amount: amount has the wrong format/)
    const missingProfile = byTestId('bulk-problems-26')
    expect(await missingProfile.textContent()).toMatch(
      /^Recurring payment ID: recurring-payment-id is required/,
    )
    expect(await missingProfile.locator('code').allTextContents()).toEqual(['recurring-payment-id'])
    await suite.app.screenshot('bulk-problems')

    await badAmount.click()
    await byTestId('bulk-cell-editor').locator('input').fill('12.50')
    await byTestId('bulk-cell-editor').locator('input').press('Enter')
    await expect.poll(() => byTestId('bulk-counts').textContent()).toContain('1 with problems')
    await expect.poll(() => byTestId('bulk-cell-25-1').getAttribute('class')).toContain('fixed')
  })

  it('shows in a dry run what will be sent, card numbers masked, and how many rows are left out', async () => {
    await byTestId('bulk-dry-run').click()
    const counts = byTestId('bulk-dry-run-counts')
    await expect.poll(() => counts.textContent()).toMatch(/Will be sent\s*25/)
    expect(await counts.textContent()).toMatch(/Break the rules \(left out\)\s*1/)
    const requests = await byTestId('bulk-dry-run-requests').textContent()
    expect(requests).toContain('credit-card-number=411111******1111')
    expect(requests).not.toContain(CARD)
    // Each request says where it goes: here every row takes the job's environment.
    expect(
      await byTestId('bulk-dry-run-requests').locator('tbody tr td').nth(1).textContent(),
    ).toBe('Sandbox')
    await counts.scrollIntoViewIfNeeded()
    await suite.app.screenshot('bulk-dry-run')
  })

  it('runs with progress, pauses (nothing more is sent), resumes and finishes', async () => {
    // Slow enough to pause midway.
    await byTestId('bulk-rate').locator('input').fill('8')
    await byTestId('bulk-rate').locator('input').press('Tab')
    await byTestId('bulk-start').click()
    const pace = byTestId('bulk-job-counts')
    await expect.poll(() => pace.textContent(), { timeout: 15_000 }).toMatch(/approved [3-9]/)
    await byTestId('bulk-pause').click()
    await expect.poll(() => pace.textContent()).toContain('paused')
    // The rows in flight when it paused land; after them, nothing.
    await new Promise((resolve) => setTimeout(resolve, 600))
    const atPause = await pace.textContent()
    await new Promise((resolve) => setTimeout(resolve, 1200))
    expect(await pace.textContent()).toBe(atPause)
    await suite.app.screenshot('bulk-paused')

    await byTestId('bulk-resume').click()
    await expect.poll(() => pace.textContent(), { timeout: 20_000 }).toContain('25 / 25')
    await expect.poll(() => pace.textContent()).toContain('finished')
    expect(await pace.textContent()).toContain('approved 25')
    await expect.poll(() => byTestId('bulk-results').locator('tbody tr').count()).toBe(25)
    // Every row went to the job's Sandbox: no column repeats it, and each row's message is in
    // sight at 1280 px, with nothing to scroll sideways to.
    const headers = byTestId('bulk-results').locator('thead th')
    expect(await headers.allTextContents()).not.toContain('Environment')
    const table = (await byTestId('bulk-results').boundingBox())!
    const message = (await headers.last().boundingBox())!
    expect(await headers.last().textContent()).toBe('Message')
    expect(message.x + message.width).toBeLessThanOrEqual(table.x + table.width + 1)
    await suite.app.screenshot('bulk-finished')
  })

  it('exports the results with the inputs masked and an outcome per row', async () => {
    const file = join(suite.gatedesk.dataDir, 'results.csv')
    suite.gatedesk.dialogs.nextSave = file
    await byTestId('bulk-export').click()
    await expect.poll(() => readFileSync(file, 'utf8').length).toBeGreaterThan(0)
    const csv = readFileSync(file, 'utf8')
    const [header, first] = csv.split('\r\n')
    expect(header).toContain('recurring-payment-id,amount,order_desc,credit-card-number')
    expect(header).toContain('row,environment,state,client-orderid,attempt,outcome,serial-number')
    expect(first).toContain('411111******1111')
    expect(csv).not.toContain(CARD)
    expect(csv.split('\r\n').filter((line) => line.includes(',Sandbox,done,'))).toHaveLength(25)
    expect(csv.split('\r\n').filter((line) => line.includes(',approved,'))).toHaveLength(25)
    // The fixed row went with its fix.
    expect(csv).toMatch(/12\.50,comma instead of a dot/)
  })

  it('runs a pasted table with no card data readable on disk, and shreds it once done', async () => {
    const pan = '5555555555554444' // not in updates.csv, the user's own file
    const overview = await suite.app.page.evaluate(() => window.gatedesk.invoke('sandbox:overview'))
    if (!overview.ok) throw new Error(overview.error.message)
    const profile = overview.value.profiles.find((p) => p.type === 'SRC')!.id
    const lines = [
      'recurring-payment-id\tamount\tcredit-card-number\tcard-printed-name\texpire-year\texpire-month\tcvv2',
      ...[1, 2, 3].map((row) => `${profile}\t${row}.25\t${pan}\tANNA ONEIL\t2030\t12\t829`),
    ]
    await byTestId('bulk-paste-open').click()
    await byTestId('bulk-paste-text').locator('textarea').fill(lines.join('\n'))
    await byTestId('bulk-paste').click()
    await expect.poll(() => byTestId('bulk-file').textContent()).toContain('Pasted table · 3 rows')
    await byTestId('bulk-dry-run').click()
    await expect.poll(() => byTestId('bulk-dry-run-counts').textContent()).toMatch(/sent\s*3/)
    await byTestId('bulk-start').click()
    const pace = byTestId('bulk-job-counts')
    await expect.poll(() => pace.textContent(), { timeout: 20_000 }).toContain('3 / 3')
    await expect.poll(() => pace.textContent()).toContain('finished')
    expect(await pace.textContent()).toContain('approved 3')
    // The job is named as the window named its import, not by its stored copy's file name.
    const job = await byTestId('bulk-job-select').textContent()
    expect(job).toContain('Pasted table')
    expect(job).not.toContain('.sealed')

    const bulkFolder = join(suite.gatedesk.dataDir, 'bulk')
    await expect
      .poll(() => readdirSync(bulkFolder).filter((name) => name.startsWith('pasted-')))
      .toEqual([])
    const files = readdirSync(suite.gatedesk.dataDir, { recursive: true, withFileTypes: true })
    for (const file of files.filter((entry) => entry.isFile())) {
      const bytes = readFileSync(join(file.parentPath, file.name)).toString('latin1')
      expect(bytes, file.name).not.toContain(pan.slice(0, 12))
    }
  })
})
