import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTeamBulkJournal } from '../../../main/bulk/team-bulk-journal'
import { createTeamAuditTrail, teamHistoryWrites } from '../../../main/history/team-audit-trail'
import { createTeamTemplateStore } from '../../../main/templates/team-template-store'
import { blankRequest } from '../../../preload/contract/templates/report-template'
import { startTeamWorkspace, TEAM_DESKS, type TeamWorkspace } from '../../fixtures/team-workspace'
import { useAppInBrowser } from '../harness/app-under-test'
import { screenLooks } from '../reports/screen-looks'

// Live (#24): what another desk sends or saves in the team workspace shows in this desk's window
// without a refresh, and who sent each request is named.
const suite = useAppInBrowser({ workspacePollMs: 1000 })
const page = () => suite.app.page
const byTestId = (id: string) => page().getByTestId(id)
const open = (section: string) => page().getByRole('link', { name: section, exact: true }).click()
const input = (field: string) => byTestId(`workspace-${field}`).locator('input').first()

let team: TeamWorkspace
const dir = mkdtempSync(join(tmpdir(), 'gatedesk-e2e-team-live-'))
const caFile = join(dir, 'team-ca.pem')

beforeAll(async () => {
  team = await startTeamWorkspace()
  copyFileSync(team.server.caFile, caFile)
}, 60_000)
afterAll(async () => {
  await team?.stop()
  rmSync(dir, { recursive: true, force: true })
})

/** Another desk's send, recorded in the team's audit trail as its app records one. */
async function bobSends(orderId: string) {
  const trail = createTeamAuditTrail(team.poolOf(TEAM_DESKS.bob), {
    osUser: 'bob',
    deskName: 'desk-2',
  })
  const id = await trail.recordSending({
    environment: { id: 'cli-team-gateway', name: 'Production' },
    operation: 'update-recurring-payment',
    parameters: [
      ['recurring-payment-id', '100234'],
      ['client-orderid', orderId],
      ['amount', '12.50'],
    ],
  })
  await trail.recordResult(id, { outcome: 'approved', serialNumber: 'S-1', message: 'Approved' })
}

describe("another desk's work, live in this desk's window", () => {
  it('connects this desk to the team workspace', async () => {
    await open('Workspace')
    await byTestId('workspace-choice-team').click()
    await input('host').fill('localhost')
    await input('port').fill(String(team.server.port))
    await input('database').fill('team')
    await input('user').fill(TEAM_DESKS.anna.user)
    await input('password').fill(TEAM_DESKS.anna.password)
    suite.gatedesk.dialogs.nextOpen = caFile
    await byTestId('workspace-choose-ca').click()
    await byTestId('workspace-connect').click()
    await expect
      .poll(() => byTestId('workspace-badge').textContent(), { timeout: 15_000 })
      .toContain('Role: admin')
  })

  it("shows another desk's send in History without a refresh, naming who sent it", async () => {
    await bobSends('LIVE-1')
    await open('History')
    await expect.poll(() => page().getByText('LIVE-1').count(), { timeout: 15_000 }).toBe(1)
    // No Refresh clicked: the trail's announcement brings the next one in.
    await bobSends('LIVE-2')
    await expect.poll(() => page().getByText('LIVE-2').count(), { timeout: 15_000 }).toBe(1)
    expect(await byTestId('history-sender').first().textContent()).toBe('bob@desk-2')
    await screenLooks(suite.app, 'team-live-history')
    await page().getByText('LIVE-2').click()
    await expect
      .poll(() => byTestId('history-detail-sender').textContent())
      .toBe(`bob at desk-2 (database user ${TEAM_DESKS.bob.user})`)
    await screenLooks(suite.app, 'team-live-history-detail', { russian: false })
    await page().keyboard.press('Escape')
  })

  it("shows the team's bulk jobs and another desk's progress on one without a refresh", async () => {
    const bob = { osUser: 'bob', deskName: 'desk-2' }
    const journal = createTeamBulkJournal({
      pool: team.poolOf(TEAM_DESKS.bob),
      history: teamHistoryWrites(bob),
      desk: bob,
    })
    const jobId = await journal.createJob({
      sourceName: 'november.csv',
      environment: { id: 'cli-team-gateway', name: 'Production' },
      rows: [2, 3].map((rowNumber) => ({
        rowNumber,
        parameters: [
          ['recurring-payment-id', '100234'],
          ['client-orderid', `LIVE-BULK-${rowNumber}`],
          ['amount', '5.00'],
        ],
      })),
    })
    const counts = () => byTestId('history-team-bulk-job-counts').first().textContent()
    await expect.poll(counts, { timeout: 15_000 }).toContain('done 0')
    expect(await byTestId('history-team-bulk-job').first().textContent()).toContain(
      'made by bob at desk-2',
    )
    const run = await journal.startRun(jobId)
    const row = (await run.claim())!
    await run.finish(row, { outcome: 'approved', serialNumber: 'S-2', message: 'Approved' })
    await run.end()
    await expect.poll(counts, { timeout: 15_000 }).toContain('done 1')
    expect(await counts()).toContain('left 1')
    await byTestId('history-bulk-jobs').scrollIntoViewIfNeeded()
    await screenLooks(suite.app, 'team-live-bulk-jobs')
  })

  it('lists a template another desk saved without a refresh', async () => {
    await open('Reports')
    await expect.poll(() => byTestId('template-list').isVisible()).toBe(true)
    await createTeamTemplateStore(team.poolOf(TEAM_DESKS.bob)).save({
      name: 'Settlement from desk 2',
      request: { ...blankRequest(), reportIdentifier: 'settle', reportName: 'Settlement' },
    })
    await expect
      .poll(() => byTestId('template-list').getByText('Settlement from desk 2').count(), {
        timeout: 15_000,
      })
      .toBe(1)
    expect(suite.app.pageErrors).toEqual([])
    expect(await suite.app.cspViolations()).toEqual([])
  })
})
