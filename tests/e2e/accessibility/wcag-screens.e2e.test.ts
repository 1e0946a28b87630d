import { once } from 'node:events'
import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import PDFDocument from 'pdfkit'
import { afterAll, describe, expect, it } from 'vitest'
import { useAppInBrowser } from '../harness/app-under-test'
import { axeViolations, blocking, describeViolations } from '../harness/axe'
import { startTeamWorkspace, TEAM_DESKS } from '../../fixtures/team-workspace'

const suite = useAppInBrowser()
const page = () => suite.app.page
const byTestId = (id: string) => page().getByTestId(id)
const open = (section: string) => page().getByRole('link', { name: section, exact: true }).click()

const dir = mkdtempSync(join(tmpdir(), 'gatedesk-a11y-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/**
 * Runs axe (WCAG 2.0/2.1 A and AA) on the screen as it is, in light and then in dark: the
 * critical and serious violations fail the test, the rest are printed for information.
 */
async function expectAccessible(state: string) {
  await page().mouse.move(1, 1)
  const found: string[] = []
  for (const scheme of ['light', 'dark'] as const) {
    await page().emulateMedia({ colorScheme: scheme })
    // Naive UI fades colours over 0.3 s: measure the theme, not the fade.
    await expect
      .poll(() =>
        page().evaluate(
          (scheme) =>
            document.documentElement.dataset['theme'] === scheme &&
            document.getAnimations().every((animation) => !(animation instanceof CSSTransition)),
          scheme,
        ),
      )
      .toBe(true)
    const violations = await axeViolations(page())
    const failing = blocking(violations)
    const others = violations.filter((violation) => !failing.includes(violation))
    if (others.length > 0) console.info(`${state}, ${scheme}:\n${describeViolations(others)}`)
    if (failing.length > 0) found.push(`${state}, ${scheme}:\n${describeViolations(failing)}`)
  }
  await page().emulateMedia({ colorScheme: 'light' })
  expect(found.join('\n')).toBe('')
}

async function writePdf(path: string) {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 30 })
  const out = createWriteStream(path)
  doc.pipe(out)
  for (let number = 1; number <= 2; number++) {
    if (number > 1) doc.addPage()
    doc.fontSize(14).text(`Settlement, page ${number}`, 30, 30)
  }
  doc.end()
  await once(out, 'finish')
}

async function sandboxProfiles(): Promise<string[]> {
  const overview = await page().evaluate(() => window.gatedesk.invoke('sandbox:overview'))
  if (!overview.ok) throw new Error(overview.error.message)
  return overview.value.profiles.filter((profile) => profile.type === 'SRC').map((p) => p.id)
}

describe('every screen meets WCAG 2.1 AA (axe-core: no critical or serious violation)', () => {
  it('Recurring, empty', async () => {
    await open('Recurring')
    await expect.poll(() => byTestId('recurring-environment').textContent()).toContain('Sandbox')
    await expectAccessible('Recurring, empty')
  })

  it('Recurring, with errors', async () => {
    const amount = byTestId('recurring-field-amount').locator('input, textarea').first()
    await amount.fill('12,5')
    await amount.press('Control+Enter')
    await expect.poll(() => byTestId('recurring-issue-recurring-payment-id').count()).toBe(1)
    await expectAccessible('Recurring, with errors')
  })

  it('Keys & environments', async () => {
    await open('Keys & environments')
    await byTestId('environment-Sandbox').click()
    await expect.poll(() => byTestId('control-key-status').textContent()).toContain('Stored in')
    await expectAccessible('Keys & environments')
  })

  it('Sandbox', async () => {
    await open('Sandbox')
    await expect.poll(() => byTestId('sandbox-running').isVisible()).toBe(true)
    await expectAccessible('Sandbox')
  })

  it('Reports: the designer', async () => {
    await open('Reports')
    await expect.poll(() => byTestId('run-report').isEnabled(), { timeout: 20_000 }).toBe(true)
    await page()
      .locator('.n-tabs-tab', { hasText: /^Design$/ })
      .click()
    await expect.poll(() => byTestId('template-editor').isVisible()).toBe(true)
    await expectAccessible('Reports designer')
  })

  it('Reports: the result grid and its pivot', async () => {
    const file = join(dir, 'transactions.csv')
    const lines = ['Transaction_id,Created_date,Amount,Currency,Transaction_type']
    for (let i = 0; i < 60; i++) {
      lines.push(`${7000 + i},2026-11-0${1 + (i % 7)} 10:00:00,${10 + i}.50,EUR,sale`)
    }
    writeFileSync(file, lines.join('\r\n'))
    suite.gatedesk.dialogs.nextOpen = file
    await byTestId('open-report-file').click()
    await expect.poll(() => byTestId('report-count').textContent()).toBe('Showing 60 of 60 rows')
    await expectAccessible('Reports result grid')

    await byTestId('report-shown-pivot').click()
    await byTestId('pivot-build').click()
    await expect.poll(() => byTestId('pivot-chart').locator('canvas').count()).toBe(1)
    await expectAccessible('Reports pivot')
  })

  it('Reports: the PDF viewer', async () => {
    const file = join(dir, 'settlement.pdf')
    await writePdf(file)
    suite.gatedesk.dialogs.nextOpen = file
    await byTestId('open-report-file').click()
    await expect
      .poll(() => byTestId('pdf-page-count').textContent(), { timeout: 20_000 })
      .toBe('of 2')
    await expectAccessible('Reports PDF viewer')
  })

  it('Bulk: import, preview and dry run', async () => {
    const profiles = await sandboxProfiles()
    const lines = ['Recurring Payment ID;amount;order_desc']
    for (let row = 1; row <= 30; row++) {
      lines.push(`${profiles[row % profiles.length]};${row + 10}.00;Bulk row ${row}`)
    }
    lines.push(`${profiles[0]};12,50;comma instead of a dot`)
    const file = join(dir, 'updates.csv')
    writeFileSync(file, `${lines.join('\r\n')}\r\n`)
    await open('Bulk updates')
    await expectAccessible('Bulk, nothing imported')
    suite.gatedesk.dialogs.nextOpen = file
    await byTestId('bulk-open').click()
    await expect.poll(() => byTestId('bulk-counts').textContent()).toContain('1 with problems')
    await expectAccessible('Bulk preview')

    await byTestId('bulk-dry-run').click()
    await expect.poll(() => byTestId('bulk-dry-run-counts').textContent()).toMatch(/Will be sent/)
    await expectAccessible('Bulk dry run')
  })

  it('Bulk: a finished run', async () => {
    await byTestId('bulk-start').click()
    await expect
      .poll(() => byTestId('bulk-job-counts').textContent(), { timeout: 60_000 })
      .toContain('finished')
    await expectAccessible('Bulk run finished')
  })

  it('History: the list and a detail drawer', async () => {
    const [profile] = await sandboxProfiles()
    const sent = await page().evaluate(async (profile) => {
      const environments = await window.gatedesk.invoke('environments:list')
      if (!environments.ok) throw new Error(environments.error.message)
      const sandbox = environments.value.find((environment) => environment.name === 'Sandbox')!
      const result = await window.gatedesk.invoke('recurring:send', {
        environmentId: sandbox.id,
        parameters: {
          'client-orderid': 'A11Y-1',
          'recurring-payment-id': profile!,
          amount: '10.00',
        },
      })
      if (!result.ok) throw new Error(result.error.message)
      return result.value.outcome
    }, profile)
    expect(sent).toBe('approved')
    await open('History')
    const rows = byTestId('history-table').locator('tbody tr.history-row')
    await expect.poll(() => rows.count()).toBeGreaterThan(0)
    await expectAccessible('History list')
    await rows.first().click()
    await expect.poll(() => byTestId('history-detail').isVisible()).toBe(true)
    await expectAccessible('History detail drawer')
    await page().keyboard.press('Escape')
  })

  it('Workspace: local, the team form with its rules broken, connected, offline', async () => {
    await open('Workspace')
    await expect.poll(() => byTestId('workspace-local').isVisible()).toBe(true)
    await expectAccessible('Workspace, local')
    await byTestId('workspace-choice-team').click()
    await byTestId('workspace-connect').click()
    await expect.poll(() => byTestId('workspace-item-host').textContent()).toContain('required')
    await expectAccessible('Workspace, team form with errors')
    const team = await startTeamWorkspace()
    try {
      const field = (name: string) => byTestId(`workspace-${name}`).locator('input').first()
      await field('host').fill('localhost')
      await field('port').fill(String(team.server.port))
      await field('database').fill('team')
      await field('user').fill(TEAM_DESKS.anna.user)
      await field('password').fill(TEAM_DESKS.anna.password)
      suite.gatedesk.dialogs.nextOpen = team.server.caFile
      await byTestId('workspace-choose-ca').click()
      await byTestId('workspace-connect').click()
      await expect.poll(() => byTestId('workspace-role').textContent()).toContain('admin')
      await expectAccessible('Workspace, connected')
      await team.stop()
      await byTestId('workspace-check-again').click()
      await expect.poll(() => byTestId('workspace-offline-mark').isVisible()).toBe(true)
      await expectAccessible('Workspace, offline')
    } finally {
      await team.stop()
      await page().evaluate(() => window.gatedesk.invoke('workspace:disconnect'))
    }
  })

  it('ran with no CSP violation and no console error', async () => {
    expect(await suite.app.cspViolations()).toEqual([])
    expect(suite.app.pageErrors).toEqual([])
  })
})
