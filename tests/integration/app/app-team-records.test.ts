import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTeamAuditTrail } from '../../../main/history/team-audit-trail'
import { databaseFile } from '../../../main/platform/db/data-dir'
import { gatewayId } from '../../../main/platform/gateway/gateway-id'
import { openDatabase } from '../../../main/platform/db/database'
import { startAppDesk, type AppDesk } from '../../fixtures/app-desk'
import { CARD_NUMBER, CVV2, leaks } from '../../fixtures/cli-card-data'
import { reportRequest, startTestSandbox, type TestSandbox } from '../../fixtures/sandbox'
import {
  startTeamWorkspace,
  TEAM_DESKS,
  TEAM_MEMBERS,
  type TeamWorkspace,
} from '../../fixtures/team-workspace'

// The app's sends and report runs in a team workspace (#24), through its real services and
// handlers as the composition root builds them: recorded in the team's audit trail before they
// leave, with who sent them; refused, with nothing sent, when the trail cannot take them.
let team: TeamWorkspace
let sandbox: TestSandbox
let anna: AppDesk
let carol: AppDesk
let annaEnvironment: string
/** Anna's own environment, from before she joined the team. */
let annaLocal: string
const CAROL = TEAM_MEMBERS.carol

beforeAll(async () => {
  team = await startTeamWorkspace()
  team.addMember(CAROL, 'viewer')
  sandbox = await startTestSandbox()
  anna = await startAppDesk({ osUser: 'anna', deskName: 'desk-1' })
  carol = await startAppDesk({ osUser: 'carol', deskName: 'desk-3' })
  annaLocal = await anna.sandboxEnvironment(sandbox, 'Sandbox on loopback')
  await anna.connect(team, TEAM_DESKS.anna)
  await carol.connect(team, CAROL)
  // The team's environment, which Anna (an admin) keeps; Carol keeps its keys in her keychain.
  annaEnvironment = await anna.sandboxEnvironment(sandbox, 'Sandbox on loopback')
  await carol.sandboxKeys(sandbox, annaEnvironment)
}, 120_000)
afterAll(async () => {
  await anna?.close()
  await carol?.close()
  await sandbox?.stop()
  sandbox?.remove()
  await team?.stop()
})

const update = (orderId: string) => ({
  'client-orderid': orderId,
  'recurring-payment-id': sandbox.sandbox.service.profiles()[0]!.id,
  amount: '10.50',
  'credit-card-number': CARD_NUMBER,
  cvv2: CVV2,
  'card-printed-name': 'ANNA TESTER',
  'expire-month': '12',
  'expire-year': '2031',
})
const teamEntries = (orderId: string) =>
  team.server.sql(
    `SELECT operation, outcome, os_user, desk_name, db_user FROM gatedesk.history
     WHERE order_id = '${orderId}'`,
    'team',
  )
const reachedGateway = (orderId: string) =>
  sandbox.sandbox.service.recentRequests(200).some((entry) => entry.orderId === orderId)
const localEntries = (desk: AppDesk, orderId: string) => {
  const db = openDatabase(databaseFile(desk.dataDir))
  try {
    return db.prepare('SELECT outcome FROM request_history WHERE order_id = ?').all(orderId)
  } finally {
    db.close()
  }
}
const send = (desk: AppDesk, environmentId: string, orderId: string) =>
  desk.value<{ outcome: string; messageCode?: string; message: string }>('recurring:send', {
    environmentId,
    parameters: update(orderId),
  })

describe("the app's sends in the team workspace", () => {
  it("records a send in the team's audit trail with who sent it and no card data", async () => {
    expect(await send(anna, annaEnvironment, 'APP-TEAM-1')).toMatchObject({ outcome: 'approved' })
    expect(teamEntries('APP-TEAM-1')).toBe(
      `update-recurring-payment|approved|anna|desk-1|${TEAM_DESKS.anna.user}\n`,
    )
    expect(reachedGateway('APP-TEAM-1')).toBe(true)
    expect(localEntries(anna, 'APP-TEAM-1')).toEqual([])
    const dump = team.server.dump('team')
    expect(dump).toContain('APP-TEAM-1')
    expect(leaks(dump)).toEqual([])
  }, 60_000)

  it("records a report run in the team's audit trail, a viewer's too", async () => {
    const { jobId } = await carol.value<{ jobId: string }>('report-runs:start', {
      environmentId: annaEnvironment,
      request: reportRequest(),
      template: null,
    })
    expect(await carol.value('report-runs:outcome', { jobId })).toMatchObject({ outcome: 'report' })
    expect(
      team.server.sql(
        `SELECT outcome, os_user, desk_name, db_user FROM gatedesk.history
         WHERE operation = 'custom-report'`,
        'team',
      ),
    ).toBe(`report|carol|desk-3|${CAROL.user}\n`)
  }, 60_000)

  it("refuses a viewer's send before it leaves, saying the role may not send", async () => {
    const refused = await send(carol, annaEnvironment, 'APP-TEAM-2')
    expect(refused).toMatchObject({
      outcome: 'not-sent',
      messageCode: 'workspace.records.role-refused',
      params: { role: 'viewer' },
    })
    expect(refused.message).toContain('Sending updates needs the operator role')
    expect(reachedGateway('APP-TEAM-2')).toBe(false)
    expect(teamEntries('APP-TEAM-2')).toBe('')
  }, 60_000)

  it("refuses the Bulk screen's sends in the team workspace, which its own journal would keep from the trail", async () => {
    const { importId } = await anna.value<{ importId: string }>('bulk:paste', {
      text: `client-orderid\trecurring-payment-id\tamount\nAPP-BULK-1\t${sandbox.sandbox.service.profiles()[0]!.id}\t3.00`,
    })
    const settings = { environmentId: annaLocal, profileType: null, concurrency: 1, rate: null }
    const refused = await anna.invoke('bulk:start', { importId, settings })
    expect(refused).toMatchObject({
      ok: false,
      error: { messageCode: 'workspace.bulk-in-app' },
    })
    expect(reachedGateway('APP-BULK-1')).toBe(false)
    expect(teamEntries('APP-BULK-1')).toBe('')
    expect(localEntries(anna, 'APP-BULK-1')).toEqual([])
  }, 60_000)

  it("records in the desk's own history once it switches to the local workspace, no restart", async () => {
    await anna.disconnect()
    expect(await send(anna, annaLocal, 'APP-LOCAL-1')).toMatchObject({ outcome: 'approved' })
    expect(localEntries(anna, 'APP-LOCAL-1')).toEqual([{ outcome: 'approved' }])
    expect(teamEntries('APP-LOCAL-1')).toBe('')
    await anna.connect(team, TEAM_DESKS.anna)
    expect(await send(anna, annaEnvironment, 'APP-TEAM-3')).toMatchObject({ outcome: 'approved' })
    expect(teamEntries('APP-TEAM-3')).toContain('|approved|anna|desk-1|')
  }, 60_000)

  it("holds an update another desk's send of may have made, until the user confirms", async () => {
    // Bob's desk sent the same update (another order id) and has not heard back: in flight.
    const bobTrail = createTeamAuditTrail(team.poolOf(TEAM_DESKS.bob), {
      osUser: 'bob',
      deskName: 'desk-2',
    })
    const inFlight = await bobTrail.recordSending({
      environment: { id: gatewayId(sandbox.env), name: 'Sandbox' },
      operation: 'update-recurring-payment',
      parameters: Object.entries(update('APP-TEAM-5')),
    })
    const held = await anna.value<{
      outcome: string
      messageCode?: string
      uncertainEarlier: unknown
    }>('recurring:send', { environmentId: annaEnvironment, parameters: update('APP-TEAM-6') })
    expect(held).toMatchObject({
      outcome: 'not-sent',
      messageCode: 'update.uncertain-earlier',
      uncertainEarlier: { historyId: inFlight, outcome: 'sending' },
    })
    expect(reachedGateway('APP-TEAM-6')).toBe(false)
    const confirmed = await anna.value('recurring:send', {
      environmentId: annaEnvironment,
      parameters: update('APP-TEAM-6'),
      confirmedResend: true,
    })
    expect(confirmed).toMatchObject({ outcome: 'approved' })
  }, 60_000)

  it('sends nothing once the team server is gone, and says what to do', async () => {
    team.server.stop()
    const offline = await send(anna, annaEnvironment, 'APP-TEAM-4')
    expect(offline).toMatchObject({
      outcome: 'not-sent',
      messageCode: 'workspace.environments.unavailable',
    })
    expect(offline.message).toContain('switch this desk to the local workspace')
    expect(reachedGateway('APP-TEAM-4')).toBe(false)
    expect(localEntries(anna, 'APP-TEAM-4')).toEqual([])
  }, 60_000)
})
