import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAppDesk, type AppDesk } from '../../fixtures/app-desk'
import { startTestSandbox, type TestSandbox } from '../../fixtures/sandbox'
import { startTeamWorkspace, TEAM_DESKS, type TeamWorkspace } from '../../fixtures/team-workspace'

// The History screen's channels in a team workspace (#24), through the app's real handlers: the
// team's audit trail, searched and filtered as far as it can be, and exported; never this desk's
// own history in its place, not even when the server cannot be reached.
let team: TeamWorkspace
let sandbox: TestSandbox
let anna: AppDesk
let bob: AppDesk
let annaEnvironment: string

interface Page {
  entries: {
    orderId: string | null
    outcome: string
    environmentId: string
    sender?: { osUser: string; deskName: string; dbUser: string } | null
  }[]
  total: number
}

const send = (desk: AppDesk, environmentId: string, orderId: string, amount = '10.50') =>
  desk.value<{ outcome: string }>('recurring:send', {
    environmentId,
    parameters: {
      'client-orderid': orderId,
      'recurring-payment-id': sandbox.sandbox.service.profiles()[0]!.id,
      amount,
    },
  })
const search = (desk: AppDesk, query: object = {}) => desk.value<Page>('history:search', query)
const orders = (page: Page) => page.entries.map((entry) => entry.orderId)

beforeAll(async () => {
  team = await startTeamWorkspace()
  sandbox = await startTestSandbox()
  anna = await startAppDesk({ osUser: 'anna', deskName: 'desk-1' })
  bob = await startAppDesk({ osUser: 'bob', deskName: 'desk-2' })
  const annaLocal = await anna.sandboxEnvironment(sandbox, 'Sandbox on loopback')
  // Anna's own history, from before she joined the team.
  expect(await send(anna, annaLocal, 'HIST-LOCAL-1')).toMatchObject({ outcome: 'approved' })
  await anna.connect(team, TEAM_DESKS.anna)
  await bob.connect(team, TEAM_DESKS.bob)
  // The team's environment: Anna made it, Bob keeps its keys in his own keychain.
  annaEnvironment = await anna.sandboxEnvironment(sandbox, 'Sandbox on loopback')
  await bob.sandboxKeys(sandbox, annaEnvironment)
  await send(anna, annaEnvironment, 'HIST-TEAM-1')
  await send(bob, annaEnvironment, 'HIST-TEAM-2')
  await send(bob, annaEnvironment, 'HIST-TEAM-3')
}, 120_000)
afterAll(async () => {
  await anna?.close()
  await bob?.close()
  await sandbox?.stop()
  sandbox?.remove()
  await team?.stop()
})

describe('History in the team workspace', () => {
  it("lists the team's audit trail, every desk's sends, newest first, not the desk's own", async () => {
    const page = await search(anna)
    expect(orders(page)).toEqual(['HIST-TEAM-3', 'HIST-TEAM-2', 'HIST-TEAM-1'])
    expect(page.total).toBe(3)
    expect(page.entries.every((entry) => entry.outcome === 'approved')).toBe(true)
    // Who sent each reaches the window, as the audit trail recorded it.
    const senders = page.entries.map((entry) => entry.sender)
    expect(senders.map((sender) => sender && `${sender.osUser}@${sender.deskName}`)).toEqual([
      'bob@desk-2',
      'bob@desk-2',
      'anna@desk-1',
    ])
    expect(senders[2]!.dbUser).toBe(TEAM_DESKS.anna.user)
  }, 30_000)

  it('pages, and filters by text, operation, outcome, environment and time', async () => {
    expect(orders(await search(anna, { limit: 1, offset: 1 }))).toEqual(['HIST-TEAM-2'])
    expect(orders(await search(anna, { text: 'team-1' }))).toEqual(['HIST-TEAM-1'])
    expect(orders(await search(anna, { text: 'team-3' }))).toEqual(['HIST-TEAM-3'])
    expect((await search(anna, { text: '100%' })).total).toBe(0)
    expect((await search(anna, { operation: 'custom-report' })).total).toBe(0)
    expect((await search(anna, { outcome: 'declined' })).total).toBe(0)
    // The team's environment names the gateway both desks sent to.
    expect((await search(anna, { environmentId: annaEnvironment })).total).toBe(3)
    expect((await search(anna, { orderId: 'HIST-TEAM-2' })).total).toBe(1)
    expect(
      (await search(anna, { from: '2000-01-01T00:00:00Z', to: '2001-01-01T00:00:00Z' })).total,
    ).toBe(0)
  }, 30_000)

  it("exports the team's entries the filter finds", async () => {
    const file = join(sandbox.dir, 'team-history.csv')
    anna.saveTo(file)
    expect(await anna.value('history:export', { text: 'HIST-TEAM' })).toMatchObject({
      kind: 'saved',
      rows: 3,
    })
    const csv = readFileSync(file, 'utf8')
    expect(csv).toContain('HIST-TEAM-2')
    expect(csv).not.toContain('HIST-LOCAL-1')
  }, 30_000)

  it("shows the desk's own history again once it switches to the local workspace", async () => {
    await anna.disconnect()
    expect(orders(await search(anna))).toEqual(['HIST-LOCAL-1'])
    await anna.connect(team, TEAM_DESKS.anna)
    expect((await search(anna)).total).toBe(3)
  }, 30_000)

  it("says the team's history cannot be read while the server is gone, showing nothing else", async () => {
    team.server.stop()
    const failed = await anna.invoke('history:search', {})
    expect(failed).toMatchObject({
      ok: false,
      error: { messageCode: 'workspace.records.unavailable' },
    })
    expect(JSON.stringify(failed)).not.toContain('HIST-LOCAL-1')
  }, 30_000)
})
