import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WorkspaceStatusView } from '../../../preload/contract/workspace/workspace'
import { startAppDesk, type AppDesk } from '../../fixtures/app-desk'
import {
  startTeamWorkspace,
  TEAM_DESKS,
  TEAM_MEMBERS,
  type TeamWorkspace,
} from '../../fixtures/team-workspace'

// The status a team desk's watch reads every 20 s (#24): after the first, whole check, it is
// read on the connection the app keeps, so a team's desks do not each sign in to the server,
// take the schema's lock and write their row every 20 s.
let team: TeamWorkspace
let anna: AppDesk
let carol: AppDesk
const CAROL = TEAM_MEMBERS.carol

beforeAll(async () => {
  team = await startTeamWorkspace()
  team.addMember(CAROL, 'viewer')
  anna = await startAppDesk({ osUser: 'anna', deskName: 'desk-1' })
  carol = await startAppDesk({ osUser: 'carol', deskName: 'desk-3' })
  await anna.connect(team, TEAM_DESKS.anna)
  await carol.connect(team, CAROL)
}, 120_000)
afterAll(async () => {
  await anna?.close()
  await carol?.close()
  await team?.stop()
})

const status = (desk: AppDesk) => desk.value<WorkspaceStatusView>('workspace:status')
/** Sessions the server has counted on the team's database (each sign-in is one). */
const sessions = () =>
  Number(team.server.sql(`SELECT sessions FROM pg_stat_database WHERE datname = 'team'`).trim())
/** When the desk's row was last written (by a whole check). */
const lastSeen = (osUser: string) =>
  team.server.sql(`SELECT last_seen FROM gatedesk.desks WHERE os_user = '${osUser}'`, 'team').trim()
/** Sessions are counted as their statistics are flushed: at their end, or within a second. */
const statisticsFlushed = () => new Promise((resolve) => setTimeout(resolve, 1500))

describe("a team desk's status checks", () => {
  it('sign in once, then read on the connection the app keeps, writing nothing', async () => {
    const first = await status(anna)
    expect(first).toMatchObject({ workspace: 'team', reachable: true, role: 'admin' })
    await statisticsFlushed()
    const before = { sessions: sessions(), lastSeen: lastSeen('anna') }
    for (let check = 0; check < 5; check++) expect(await status(anna)).toEqual(first)
    await statisticsFlushed()
    // The whole check signed in and wrote the desk's row each time (it made five more sessions).
    expect(sessions() - before.sessions).toBeLessThanOrEqual(1)
    expect(lastSeen('anna')).toBe(before.lastSeen)
  })

  it('still read the role the database gives now', async () => {
    expect(await status(carol)).toMatchObject({ reachable: true, role: 'viewer' })
    team.server.sql(`GRANT gatedesk_operator TO ${CAROL.user};`, 'team')
    expect(await status(carol)).toMatchObject({
      reachable: true,
      role: 'operator',
      rights: expect.arrayContaining(['send']),
    })
  })
})
