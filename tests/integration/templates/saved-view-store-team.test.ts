import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTeamSavedViewStore } from '../../../main/templates/team-saved-view-store'
import { createTeamTemplateStore } from '../../../main/templates/team-template-store'
import { TemplateNotFoundError } from '../../../main/templates/template-checks'
import { ViewRefusedError } from '../../../main/templates/view-checks'
import { watchTeamChanges, type TeamChange } from '../../../main/workspace/team-changes'
import { blankRequest } from '../../../preload/contract/templates/report-template'
import { caught } from '../../fixtures/caught'
import {
  startTeamWorkspace,
  TEAM_DESKS,
  type TeamLogin,
  type TeamWorkspace,
} from '../../fixtures/team-workspace'
import { describeSavedViewStore, viewContent } from './saved-view-store-suite'

let team: TeamWorkspace
/** Sessions waiting on a lock: Anna's insert behind Bob's uncommitted one. */
const WAITING = `SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'`
const desks = TEAM_DESKS
const poolOf = (desk: TeamLogin) => team.poolOf(desk)

function storesOf(desk: TeamLogin, logged: string[] = []) {
  const pool = poolOf(desk)
  let clock = Date.parse('2026-11-20T09:00:00Z')
  const now = () => new Date((clock += 60_000))
  return {
    views: createTeamSavedViewStore({ pool, now, logError: (message) => logged.push(message) }),
    templates: createTeamTemplateStore(pool, now),
  }
}

const request = { ...blankRequest(), reportIdentifier: 'transactions', reportName: 'r' }

beforeAll(async () => {
  team = await startTeamWorkspace()
}, 60_000)
afterAll(() => team?.stop())

describeSavedViewStore('the team workspace, PostgreSQL', async () => {
  const logged: string[] = []
  return {
    ...storesOf(desks.anna, logged),
    spoil: async (id, json) => {
      team.server.sql(
        `UPDATE gatedesk.report_views SET content = '${json}' WHERE id = '${id}'`,
        'team',
      )
    },
    logged,
  }
})

describe("the team's saved views, shared by its desks", () => {
  it('shows one desk the views another saved for a template, with who changed them', async () => {
    const anna = storesOf(desks.anna)
    const bob = storesOf(desks.bob)
    const template = await anna.templates.save({ name: 'Shared views', request })
    const scope = { kind: 'template', templateId: template.id } as const
    const view = await anna.views.save({ scope, id: null, name: 'EUR', content: viewContent() })
    expect((await bob.views.list(scope)).views).toEqual([view])
    await bob.views.rename(view!.id, 'EUR (Bob)')
    expect((await anna.views.list(scope)).views.map((v) => v.name)).toEqual(['EUR (Bob)'])
    expect(
      team.server.sql(
        `SELECT created_by, updated_by FROM gatedesk.report_views WHERE id = '${view!.id}'`,
        'team',
      ),
    ).toBe('desk_anna|desk_bob\n')
  })

  it('refuses a view of a template the workspace does not have, and forgets the views of one deleted for good', async () => {
    const { views, templates } = storesOf(desks.anna)
    const missing = { kind: 'template', templateId: 'not-a-template' } as const
    const refused = await caught(
      () => views.save({ scope: missing, id: null, name: 'Lost', content: viewContent() }),
      TemplateNotFoundError,
    )
    expect(refused.params).toEqual({ id: 'not-a-template' })
    const template = await templates.save({ name: 'Short-lived', request })
    const scope = { kind: 'template', templateId: template.id } as const
    await views.save({ scope, id: null, name: 'Kept until purged', content: viewContent() })
    await caught(() => views.copyScope(scope, missing), TemplateNotFoundError)
    await templates.remove(template.id)
    expect((await views.list(scope)).views).toHaveLength(1)
    await templates.purgeDeleted()
    expect((await views.list(scope)).views).toEqual([])
  })

  it('tells a desk the name is taken when another desk saved it while it was saving', async () => {
    const anna = storesOf(desks.anna)
    const template = await anna.templates.save({ name: 'Race views', request })
    const bob = await poolOf(desks.bob).connect()
    await bob.query('BEGIN')
    await bob.query(
      `INSERT INTO gatedesk.report_views (id, template_id, name, content, created_at, updated_at)
       VALUES ('bob-1', $1, 'Race', $2, now(), now())`,
      [template.id, JSON.stringify(viewContent())],
    )
    const saving = anna.views.save({
      scope: { kind: 'template', templateId: template.id },
      id: null,
      name: 'race',
      content: viewContent(),
    })
    await expect.poll(() => team.server.sql(WAITING, 'team')).not.toBe('0\n')
    await bob.query('COMMIT')
    bob.release()
    const refused = await caught(() => saving, ViewRefusedError)
    expect(refused.refusal).toMatchObject({
      messageCode: 'report-view.name-taken',
      params: { name: 'race' },
    })
  })

  it("announces a change to a template's views to the desks watching, with the template", async () => {
    const { views, templates } = storesOf(desks.anna)
    const template = await templates.save({ name: 'Watched views', request })
    const scope = { kind: 'template', templateId: template.id } as const
    const seen: TeamChange[] = []
    const watch = await watchTeamChanges(team.configOf(desks.bob), {
      onChange: (change) => seen.push(change),
      onLost: () => undefined,
    })
    try {
      const view = await views.save({ scope, id: null, name: 'Live', content: viewContent() })
      const announced = { kind: 'views', template: template.id }
      await expect.poll(() => seen).toContainEqual(announced)
      seen.length = 0
      await views.remove(view!.id)
      await expect.poll(() => seen).toEqual([announced])
    } finally {
      await watch.close()
    }
  })
})
