import { generateKeyPairSync } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publicKeyFingerprint } from '../../../main/environments/keys/public-key-fingerprint'
import { failsShowingNone, startAppDesk, type AppDesk } from '../../fixtures/app-desk'
import { startTestSandbox, type TestSandbox } from '../../fixtures/sandbox'
import {
  startTeamWorkspace,
  TEAM_DESKS,
  TEAM_MEMBERS,
  type TeamWorkspace,
} from '../../fixtures/team-workspace'

// The app's environments in a team workspace (#24), through its real handlers: the team's when
// the desk works in it (seen by every desk, without their secrets), kept by its admins (another
// role's change is the database's refusal in words), the built-in Sandbox each desk's own, this
// desk's own again in the local workspace, and an explained failure when the server is gone.
let team: TeamWorkspace
let sandbox: TestSandbox
let anna: AppDesk
let bob: AppDesk
let dave: AppDesk

interface Listed {
  id: string
  name: string
  kind: string
}
const names = async (desk: AppDesk) =>
  (await desk.value<Listed[]>('environments:list')).map((environment) => environment.name)
const input = (name: string) => ({
  name,
  kind: 'integration',
  baseUrl: 'https://gate.example.com',
  endpointId: '4512',
  merchantLogin: 'acme-shop',
})

beforeAll(async () => {
  team = await startTeamWorkspace()
  team.addMember(TEAM_MEMBERS.dave, 'operator')
  sandbox = await startTestSandbox()
  anna = await startAppDesk({ osUser: 'anna', deskName: 'desk-1' })
  bob = await startAppDesk({ osUser: 'bob', deskName: 'desk-2' })
  dave = await startAppDesk({ osUser: 'dave', deskName: 'desk-4' })
  // Anna's own environment, from before she joined the team.
  await anna.value('environments:create', input('Mine alone'))
  await anna.connect(team, TEAM_DESKS.anna)
  await bob.connect(team, TEAM_DESKS.bob)
  await dave.connect(team, TEAM_MEMBERS.dave)
}, 120_000)
afterAll(async () => {
  await anna?.close()
  await bob?.close()
  await dave?.close()
  await sandbox?.stop()
  sandbox?.remove()
  await team?.stop()
})

describe('environments in the team workspace', () => {
  let shared: string
  /** The fingerprint of the key the team recorded for `shared` (the gateway has its public half). */
  let teamFingerprint: string

  it("creates an environment in the team's store, which a second desk's app lists", async () => {
    shared = await anna.sandboxEnvironment(sandbox, 'Team sandbox')
    expect(await names(bob)).toEqual(['Sandbox', 'Team sandbox'])
    expect(team.server.sql(`SELECT name FROM gatedesk.environments`, 'team')).toBe('Team sandbox\n')
    // Its key's public half and fingerprint are the team's; its secrets are Anna's keychain's.
    const annaStatus = await anna.value<{ fingerprint: string }>('environments:secret-status', {
      id: shared,
    })
    teamFingerprint = annaStatus.fingerprint
    expect(await bob.value('environments:secret-status', { id: shared })).toEqual({
      controlKey: 'missing',
      rsaKey: 'missing',
      fingerprint: annaStatus.fingerprint,
    })
    const dump = team.server.dump('team')
    expect(dump).toContain('Team sandbox')
    expect(dump).not.toContain(sandbox.controlKey)
    const privateKeyLines = readFileSync(sandbox.sandbox.connection.privateKeyFile, 'utf8')
      .split('\n')
      .filter((line) => line.length > 0 && !line.startsWith('-----'))
    expect(privateKeyLines.filter((line) => dump.includes(line))).toEqual([])
  }, 60_000)

  it("refuses an operator's change with what the role allows; the database refused it", async () => {
    const refused = await dave.invoke('environments:create', input('Dave tries'))
    expect(refused).toMatchObject({
      ok: false,
      error: { messageCode: 'workspace.environments.role-refused', params: { role: 'operator' } },
    })
    expect(JSON.stringify(refused)).toContain("kept by its admins. Ask your team's administrator")
    expect(await names(dave)).toEqual(['Sandbox', 'Team sandbox'])
    // Keeping this desk's own copy of a team environment's keys changes nothing shared.
    await dave.sandboxKeys(sandbox, shared)
    expect(await dave.value('environments:secret-status', { id: shared })).toMatchObject({
      controlKey: 'present',
      rsaKey: 'present',
    })
  }, 60_000)

  it("warns a desk whose own key is not the team's before its send: nothing leaves", async () => {
    const send = (orderId: string) =>
      dave.value<{ outcome: string; messageCode?: string; message: string }>('recurring:send', {
        environmentId: shared,
        parameters: {
          'client-orderid': orderId,
          'recurring-payment-id': sandbox.sandbox.service.profiles()[0]!.id,
          amount: '10.50',
        },
      })
    const reached = (orderId: string) =>
      sandbox.sandbox.service.recentRequests(200).some((entry) => entry.orderId === orderId)
    // With the team's key in his keychain, Dave's send goes out.
    expect(await send('KEY-TEAM-1')).toMatchObject({ outcome: 'approved' })
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs1', format: 'pem' })
      .toString()
    await dave.keychain.set(
      { environmentId: shared, environmentName: 'Team sandbox', kind: 'rsa-private-key' },
      stranger,
    )
    const own = publicKeyFingerprint(stranger)
    const warned = await send('KEY-TEAM-2')
    expect(warned).toMatchObject({
      outcome: 'not-sent',
      messageCode: 'environments.key-differs',
      params: { environment: 'Team sandbox', expected: teamFingerprint, own },
    })
    expect(warned.message).toContain(`(fingerprint ${own}) is not the one the team recorded`)
    expect(reached('KEY-TEAM-2')).toBe(false)
    expect(
      team.server.sql(
        `SELECT count(*) FROM gatedesk.history WHERE order_id = 'KEY-TEAM-2'`,
        'team',
      ),
    ).toBe('0\n')
  }, 60_000)

  it('keeps the built-in Sandbox on each desk, never in the team store', async () => {
    const [annaSandbox] = await anna.value<Listed[]>('environments:list')
    const [bobSandbox] = await bob.value<Listed[]>('environments:list')
    expect(annaSandbox).toMatchObject({ name: 'Sandbox', kind: 'sandbox' })
    expect(bobSandbox!.id).not.toBe(annaSandbox!.id)
    expect(
      team.server.sql(`SELECT count(*) FROM gatedesk.environments WHERE kind = 'sandbox'`, 'team'),
    ).toBe('0\n')
  }, 30_000)

  it("lists the desk's own environments again once it switches to the local workspace", async () => {
    await anna.disconnect()
    expect(await names(anna)).toEqual(['Sandbox', 'Mine alone'])
    await anna.connect(team, TEAM_DESKS.anna)
    expect(await names(anna)).toEqual(['Sandbox', 'Team sandbox'])
  }, 30_000)

  it("says the team's environments cannot be read while the server is gone, showing no others", async () => {
    team.server.stop()
    await failsShowingNone(
      anna,
      'environments:list',
      'workspace.environments.unavailable',
      'Mine alone',
    )
  }, 30_000)
})
