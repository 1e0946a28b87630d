import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTeamTemplateStore } from '../../../main/templates/team-template-store'
import type { SavedViewContent } from '../../../preload/contract/reports/saved-views'
import { failsShowingNone, startAppDesk, type AppDesk } from '../../fixtures/app-desk'
import { reportRequest } from '../../fixtures/sandbox'
import {
  startTeamWorkspace,
  TEAM_DESKS,
  TEAM_MEMBERS,
  type TeamWorkspace,
} from '../../fixtures/team-workspace'

// Report templates and saved views in the app (#24), through its real handlers: the team's when
// the desk works in the team workspace (seen by every desk), refused by the database for a role
// that may not keep them, this desk's own in the local workspace, and an explained failure when
// the server cannot be reached.
let team: TeamWorkspace
let anna: AppDesk
let bob: AppDesk
let dave: AppDesk
const HEADER = ['Id', 'Amount', 'Currency']
const content: SavedViewContent = {
  header: HEADER,
  columns: { order: [0, 1, 2], widths: [80, 120, 100], pinned: [], hidden: [] },
  query: { sort: [{ column: 1, descending: true }], filters: [] },
}

interface Template {
  id: string
  name: string
}
const names = (listed: { templates: Template[] }) => listed.templates.map((t) => t.name)
const save = (desk: AppDesk, name: string) =>
  desk.invoke<{ status: string; template: Template }>('templates:save', {
    id: null,
    name,
    request: reportRequest(),
  })

beforeAll(async () => {
  team = await startTeamWorkspace()
  team.addMember(TEAM_MEMBERS.dave, 'operator')
  anna = await startAppDesk({ osUser: 'anna', deskName: 'desk-1' })
  bob = await startAppDesk({ osUser: 'bob', deskName: 'desk-2' })
  dave = await startAppDesk({ osUser: 'dave', deskName: 'desk-4' })
  // Anna's own template, from before she joined the team.
  expect(await save(anna, 'Mine alone')).toMatchObject({ ok: true })
  await anna.connect(team, TEAM_DESKS.anna)
  await bob.connect(team, TEAM_DESKS.bob)
  await dave.connect(team, TEAM_MEMBERS.dave)
}, 120_000)
afterAll(async () => {
  await anna?.close()
  await bob?.close()
  await dave?.close()
  await team?.stop()
})

describe('templates and saved views in the team workspace', () => {
  let weekly: Template

  it("saves a template in the team's store, where a second desk sees it", async () => {
    const saved = await save(anna, 'Weekly payouts')
    expect(saved).toMatchObject({ ok: true, value: { status: 'saved' } })
    if (!saved.ok) throw new Error('not saved')
    weekly = saved.value.template
    const bobStore = createTeamTemplateStore(team.poolOf(TEAM_DESKS.bob))
    expect((await bobStore.list()).map((t) => t.name)).toEqual(['Weekly payouts'])
    expect(names(await bob.value('templates:list'))).toEqual(['Weekly payouts'])
    // A name another desk took is refused at its field, as in the local workspace.
    expect(await save(bob, 'WEEKLY PAYOUTS')).toMatchObject({
      ok: true,
      value: { status: 'refused', issues: [{ messageCode: 'report.template.name-taken' }] },
    })
  }, 30_000)

  it("shares a template's views; an opened file's stay on the desk", async () => {
    const scope = { kind: 'template', templateId: weekly.id }
    await anna.value('report-views:save', { scope, id: null, name: 'Largest first', content })
    const seen = await bob.value<{ views: { name: string }[] }>('report-views:list', { scope })
    expect(seen.views.map((view) => view.name)).toEqual(['Largest first'])
    const file = { kind: 'header', header: HEADER }
    await anna.value('report-views:save', { scope: file, id: null, name: 'Mine', content })
    expect(await anna.value('report-views:list', { scope: file })).toMatchObject({
      views: [{ name: 'Mine' }],
    })
    expect(await bob.value('report-views:list', { scope: file })).toMatchObject({ views: [] })
    expect(team.server.sql(`SELECT name FROM gatedesk.report_views ORDER BY name`, 'team')).toBe(
      'Largest first\n',
    )
  }, 30_000)

  it("refuses an operator's change with what the role allows; the database refused it", async () => {
    const refused = await save(dave, 'Dave tries')
    expect(refused).toMatchObject({
      ok: false,
      error: { messageCode: 'workspace.stores.role-refused', params: { role: 'operator' } },
    })
    expect(names(await dave.value('templates:list'))).toEqual(['Weekly payouts'])
  }, 30_000)

  it("lists the desk's own templates again once it switches to the local workspace", async () => {
    await anna.disconnect()
    const local = names(await anna.value('templates:list'))
    expect(local).toContain('Mine alone')
    expect(local).not.toContain('Weekly payouts')
    await anna.connect(team, TEAM_DESKS.anna)
    expect(names(await anna.value('templates:list'))).toEqual(['Weekly payouts'])
  }, 30_000)

  it("says the team's templates cannot be read while the server is gone, showing no others", async () => {
    team.server.stop()
    await failsShowingNone(anna, 'templates:list', 'workspace.stores.unavailable', 'Mine alone')
  }, 30_000)
})
