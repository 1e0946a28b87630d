import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useAppInBrowser } from '../harness/app-under-test'
import { screenLooks } from './screen-looks'

const suite = useAppInBrowser()

const page = () => suite.app.page
const byTestId = (id: string) => page().getByTestId(id)
const text = async (id: string) => (await byTestId(id).textContent())?.trim() ?? ''

/** Saves the screen at the default 1280×800 and at 1024×700, to look at both. */
async function screenshots(name: string) {
  // No hover tooltip over what is being looked at.
  await page().mouse.move(1, 1)
  await suite.app.screenshot(name)
  await page().setViewportSize({ width: 1024, height: 700 })
  await suite.app.screenshot(`${name}-1024`)
  await page().setViewportSize({ width: 1280, height: 800 })
}

/** Calls a channel through the bridge, as the window does. */
async function invoke<T>(channel: string, input?: unknown): Promise<T> {
  return page().evaluate(
    async ([channel, input]) => {
      const bridge = window.gatedesk as unknown as {
        invoke: (
          c: string,
          i?: unknown,
        ) => Promise<{ ok: boolean; value?: unknown; error?: { message: string } }>
      }
      const result = await bridge.invoke(channel as string, input)
      if (!result.ok) throw new Error(result.error!.message)
      return result.value
    },
    [channel, input] as const,
  ) as Promise<T>
}

async function sandboxId(): Promise<string> {
  const environments = await invoke<{ id: string; name: string }[]>('environments:list')
  return environments.find((environment) => environment.name === 'Sandbox')!.id
}

const tab = (name: string) => page().locator('.n-tabs-tab', { hasText: new RegExp(`^${name}$`) })
const designerTab = (name: string) =>
  byTestId('template-editor').locator('.n-tabs-tab', { hasText: name })

/** Replaces the open template's request through the designer's raw JSON tab. */
async function editRequest(change: (request: Record<string, unknown>) => void) {
  await tab('Design').click()
  await designerTab('Raw JSON').click()
  const raw = byTestId('designer-raw').locator('textarea')
  const request = JSON.parse(await raw.inputValue()) as Record<string, unknown>
  change(request)
  await raw.fill(JSON.stringify(request, null, 2))
  await designerTab('Fields').click()
}

const runButton = () => byTestId('run-report')

async function runAndWait(outcome: string) {
  await expect.poll(() => runButton().isEnabled()).toBe(true)
  await runButton().click()
  await expect
    .poll(() => byTestId(`run-outcome-${outcome}`).isVisible(), { timeout: 30_000 })
    .toBe(true)
}

/**
 * The report from the last run that brought one stays on show, under a band naming it as the
 * previous run; the failed run's message sits above it all, over none of the table.
 */
async function expectPreviousResultMarked() {
  await tab('Result').click()
  expect(await text('result-outdated-title')).toMatch(/^Previous run, .*\d{2}:\d{2}/)
  expect(await byTestId('report-table').isVisible()).toBe(true)
  const box = async (locator: ReturnType<typeof byTestId>) => (await locator.boundingBox())!
  const message = await box(page().locator('[data-testid^="run-outcome-"]'))
  const band = await box(byTestId('result-outdated'))
  const table = await box(byTestId('report-table'))
  expect(message.y + message.height).toBeLessThanOrEqual(band.y)
  expect(band.y + band.height).toBeLessThanOrEqual(table.y)
}

describe('running a report from the Reports screen', () => {
  it('runs the seeded request on the built-in Sandbox: progress, then the report in the Result tab', async () => {
    // The copy buttons are checked by reading the clipboard back.
    await page().context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await page().getByRole('link', { name: 'Reports' }).click()
    await expect.poll(() => runButton().isEnabled(), { timeout: 20_000 }).toBe(true)
    expect(await text('run-environment')).toContain('Sandbox')
    await screenshots('report-run-ready')

    // Ask for enough rows that the download takes a moment, so its progress can be seen.
    await editRequest((request) => {
      request['inputReportParameters'] = [{ type: 'INPUT_TEXT', name: 'rowCount', value: '400000' }]
    })
    await page().keyboard.press('Control+Enter')
    await expect.poll(() => text('run-bytes')).toMatch(/MB received$/)
    expect(await text('run-elapsed')).toMatch(/^\d+:\d\d$/)
    await screenshots('report-run-progress')

    await expect
      .poll(() => byTestId('run-outcome-report').isVisible(), { timeout: 60_000 })
      .toBe(true)
    expect(await text('run-message')).toMatch(/^Received a CSV report of [\d.]+ MB in [\d.]+ s\.$/)
    expect(await byTestId('run-progress').count()).toBe(0)
    // The Result tab is in front, holding the report (not the empty placeholder).
    await expect.poll(() => tab('Result').getAttribute('class')).toContain('n-tabs-tab--active')
    expect(await byTestId('no-result').count()).toBe(0)
    expect(await byTestId('result-outdated').count()).toBe(0)
    await screenshots('report-run-result')
  })

  it('explains a refusal when the control key is wrong, in plain words', async () => {
    const id = await sandboxId()
    await invoke('environments:set-control-key', { id, controlKey: 'not-the-right-key' })
    try {
      await runAndWait('not-authorised')
      expect(await text('run-outcome-not-authorised')).toContain('Not authorised')
      expect(await text('run-message')).toContain('Check the merchant login and control key')
      await expectPreviousResultMarked()
      await screenLooks(suite.app, 'report-run-not-authorised')
    } finally {
      const connection = JSON.parse(
        readFileSync(join(suite.gatedesk.dataDir, 'sandbox', 'sandbox.json'), 'utf8'),
      ) as { controlKeyFile: string }
      const controlKey = readFileSync(connection.controlKeyFile, 'utf8').trim()
      await invoke('environments:set-control-key', { id, controlKey })
    }
  })

  it("shows the gateway's incident ID of a server failure, to copy for support", async () => {
    await invoke('sandbox:inject-fault', { kind: 'internal-error', count: 1 })
    await runAndWait('internal-failure')
    const incident = await text('run-incident')
    expect(incident).toMatch(/^[0-9a-f-]{36}$/)
    expect(await text('run-message')).toContain(incident)
    await byTestId('run-copy-incident').click()
    await expect.poll(() => page().evaluate(() => navigator.clipboard.readText())).toBe(incident)
    await screenshots('report-run-incident')
  })

  it('cancels a big run mid-download, and says nothing was kept', async () => {
    await editRequest((request) => {
      request['inputReportParameters'] = [
        { type: 'INPUT_TEXT', name: 'rowCount', value: '10000000' },
      ]
    })
    await runButton().click()
    await expect.poll(() => text('run-bytes')).toMatch(/MB received$/)
    await byTestId('run-cancel').click()
    await expect.poll(() => byTestId('run-outcome-cancelled').isVisible()).toBe(true)
    expect(await text('run-message')).toContain(
      'You cancelled the run; what had arrived was deleted.',
    )
    expect(await runButton().isEnabled()).toBe(true)
    await expectPreviousResultMarked()
    await screenLooks(suite.app, 'report-run-cancelled')
    // Back to the request, where the tests after this one expect to be.
    await tab('Design').click()
  })

  it('previews the signed request: URL, base string and Authorization header, to copy', async () => {
    await byTestId('run-preview').click()
    const field = (key: string) => byTestId(`preview-${key}`).locator('textarea').inputValue()
    await expect
      .poll(() => field('url'))
      .toMatch(/^https:\/\/127\.0\.0\.1:\d+\/gw-ui\/services\/v2\/rpt-engine$/)
    expect(await field('method')).toBe('HMAC-SHA1')
    expect(await field('base-string')).toMatch(/^POST&https%3A%2F%2F127\.0\.0\.1/)
    expect(await field('authorization')).toMatch(
      /^OAuth realm="", oauth_consumer_key=".+oauth_signature="[^"]+"$/,
    )
    expect(JSON.parse(await field('body'))).toMatchObject({ reportIdentifier: 'transactions' })
    await byTestId('preview-copy-authorization').click()
    await expect
      .poll(() => page().evaluate(() => navigator.clipboard.readText()))
      .toBe(await field('authorization'))
    await screenshots('report-run-preview')
    await page().keyboard.press('Escape')
    await expect.poll(() => byTestId('request-preview').isVisible()).toBe(false)
  })

  it('puts a run from History back on the Reports screen with "Run again"', async () => {
    await page().getByRole('link', { name: 'History' }).click()
    // The refused run: its request (400,000 rows) runs quickly now that the key is right again.
    const refused = byTestId('history-table').locator('tbody tr.history-row', {
      hasText: 'not authorised',
    })
    await expect.poll(() => refused.count()).toBe(1)
    expect(await refused.textContent()).toContain('Custom report')
    await refused.click()
    await expect.poll(() => byTestId('history-detail').isVisible()).toBe(true)
    expect(await text('history-detail')).toContain('reportIdentifier')
    await screenshots('report-run-history')
    await byTestId('history-run-again').click()
    // The designer holds the request edited above, unsaved: it asks before replacing it.
    await page().getByRole('button', { name: 'Replace them' }).click()
    await expect.poll(() => runButton().isVisible()).toBe(true)
    const raw = await byTestId('designer-raw').locator('textarea').inputValue()
    expect(JSON.parse(raw)).toMatchObject({
      inputReportParameters: [{ name: 'rowCount', value: '400000' }],
    })
    await expect.poll(() => runButton().isEnabled()).toBe(true)
    await runAndWait('report')
  })

  it('asks before the first run on a production environment, and sends nothing when told no', async () => {
    await invoke('environments:create', {
      name: 'Live',
      kind: 'production',
      baseUrl: 'https://gate.example.com',
      endpointId: '4512',
      merchantLogin: 'acme-shop',
    })
    const before = await invoke<{ total: number }>('history:search', {})
    // The sidebar's list is read when the window opens.
    await page().reload()
    await byTestId('environment-picker').click()
    await page()
      .locator('.n-base-select-option', { hasText: /^Live$/ })
      .click()
    await page().getByRole('link', { name: 'Reports' }).click()
    await expect.poll(() => text('run-environment')).toContain('Live')
    await expect.poll(() => runButton().isEnabled(), { timeout: 20_000 }).toBe(true)
    await runButton().click()
    await expect.poll(() => page().getByText('Send to production: Live?').isVisible()).toBe(true)
    await screenshots('report-run-production')
    await page().getByRole('button', { name: 'Cancel' }).click()
    await expect.poll(() => page().getByText('Send to production: Live?').count()).toBe(0)
    expect(await byTestId('run-progress').count()).toBe(0)
    expect((await invoke<{ total: number }>('history:search', {})).total).toBe(before.total)

    expect(await suite.app.cspViolations()).toEqual([])
    expect(suite.app.pageErrors).toEqual([])
  })
})
