import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseFile } from '../../../main/platform/db/data-dir'
import { openDatabase } from '../../../main/platform/db/database'
import { reportRequest, startTestSandbox, type TestSandbox } from '../../fixtures/sandbox'
import { startTeamDesks, type TeamDesks } from '../../fixtures/team-desks'

// update-recurring and report with --workspace team: what a desk sends is in the team's audit
// trail (which history --workspace team lists, with who sent each), a role that may not send is
// refused before anything leaves, and so is a desk whose server cannot be reached.
let desks: TeamDesks
let sandbox: TestSandbox
let admin: string
let viewer: string

beforeAll(async () => {
  desks = await startTeamDesks()
  sandbox = await startTestSandbox()
  admin = await desks.desk()
  desks.server.sql(
    `CREATE ROLE view_carol LOGIN PASSWORD 'carol-pw'; GRANT gatedesk_viewer TO view_carol;`,
  )
  writeFileSync(join(sandbox.dir, 'carol'), 'carol-pw\n')
  viewer = await desks.desk({ user: 'view_carol', passwordFile: join(sandbox.dir, 'carol') })
}, 120_000)
afterAll(async () => {
  await sandbox?.stop()
  sandbox?.remove()
  await desks?.stop()
})

const update = (orderId: string) => [
  ...['update-recurring', '--workspace', 'team', '--connection', sandbox.sandbox.connectionFile],
  ...['--param', `client-orderid=${orderId}`, '--param', 'recurring-payment-id=100001'],
  ...['--param', 'amount=10.50'],
]
const teamEntries = (orderId: string) =>
  desks.server.sql(
    `SELECT operation, outcome, db_user FROM gatedesk.history WHERE order_id = '${orderId}'`,
    'team',
  )
const reachedGateway = (orderId: string) =>
  sandbox.sandbox.service.recentRequests(500).some((entry) => entry.orderId === orderId)

describe('update-recurring and report --workspace team', () => {
  it("records an operator's or admin's send in the team's audit trail, not the desk's", async () => {
    const sent = await desks.run(admin, update('TEAM-UR-1'))
    expect(sent.code, sent.stderr).toBe(0)
    expect(teamEntries('TEAM-UR-1')).toBe('update-recurring-payment|approved|clerk\n')
    expect(reachedGateway('TEAM-UR-1')).toBe(true)
    const db = openDatabase(databaseFile(admin))
    try {
      const local = db.prepare('SELECT count(*) AS n FROM request_history WHERE order_id = ?')
      expect(local.get('TEAM-UR-1')).toEqual({ n: 0 })
    } finally {
      db.close()
    }
  }, 60_000)

  it("refuses a viewer's send before it leaves: the database will not record it", async () => {
    const refused = await desks.run(viewer, update('TEAM-UR-2'))
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(
      'Nothing was sent: the team workspace refused to record this request for your role (viewer)',
    )
    expect(reachedGateway('TEAM-UR-2')).toBe(false)
    expect(teamEntries('TEAM-UR-2')).toBe('')
  }, 60_000)

  it("records a viewer's report run", async () => {
    const request = join(sandbox.dir, 'request.json')
    writeFileSync(request, JSON.stringify(reportRequest()))
    const out = join(sandbox.dir, 'team-report.csv')
    const ran = await desks.run(viewer, [
      ...['report', '--workspace', 'team', '--connection', sandbox.sandbox.connectionFile],
      ...['--request', request, '--out', out],
    ])
    expect(ran.code, ran.stderr).toBe(0)
    expect(
      desks.server.sql(
        `SELECT outcome, db_user FROM gatedesk.history WHERE operation = 'custom-report'`,
        'team',
      ),
    ).toBe('report|view_carol\n')
  }, 60_000)

  it("lists the team's audit trail with who sent each request, from any desk", async () => {
    const sent = await desks.run(admin, update('TEAM-H-1'))
    expect(sent.code, sent.stderr).toBe(0)
    // A viewer may read the trail: its desk sees what the admin's desk sent.
    const listed = await desks.run(viewer, [
      ...['history', '--workspace', 'team', '--order', 'TEAM-H-1', '--json'],
    ])
    expect(listed.code, listed.stderr).toBe(0)
    const { workspace, total, entries } = JSON.parse(listed.stdout) as {
      workspace: string
      total: number
      entries: { orderId: string; outcome: string; sender: { dbUser: string } }[]
    }
    expect({ workspace, total }).toEqual({ workspace: 'team', total: 1 })
    expect(entries[0]).toMatchObject({
      orderId: 'TEAM-H-1',
      profileId: '100001',
      outcome: 'approved',
      sender: { dbUser: 'clerk' },
    })
    const text = await desks.run(viewer, ['history', '--workspace', 'team', '--profile', '100001'])
    expect(text.code, text.stderr).toBe(0)
    expect(text.stdout).toMatch(/^Entries \d+ of \d+, newest first\n/)
    expect(text.stdout).toMatch(
      /Recurring update .* approved .*order TEAM-H-1 .*sent by \S+ at \S+ \(clerk\)/,
    )
    // This desk's own history has none of the team's sends.
    const local = await desks.run(viewer, ['history', '--order', 'TEAM-H-1'])
    expect(local.stdout).toBe('No entries match.\n')
  }, 60_000)

  it('sends nothing while the team server cannot be reached, and says so', async () => {
    desks.server.stop()
    const offline = await desks.run(admin, update('TEAM-UR-3'))
    expect(offline.code).toBe(1)
    expect(offline.stderr).toContain('Nothing answers at localhost:')
    expect(reachedGateway('TEAM-UR-3')).toBe(false)
    // Nor does the trail's reader pretend: it says the server is gone.
    const listed = await desks.run(admin, ['history', '--workspace', 'team'])
    expect(listed.code).toBe(1)
    expect(listed.stderr).toContain('Nothing answers at localhost:')
  }, 60_000)
})
