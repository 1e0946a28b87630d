import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TemplateRefusedError } from '../../../main/templates/report-templates-repository'
import { createTeamTemplateStore } from '../../../main/templates/team-template-store'
import { blankRequest } from '../../../preload/contract/templates/report-template'
import { caught } from '../../fixtures/caught'
import {
  startTeamWorkspace,
  TEAM_DESKS,
  type TeamLogin,
  type TeamWorkspace,
} from '../../fixtures/team-workspace'
import { describeTemplateStore } from './template-store-suite'

let team: TeamWorkspace
/** Sessions waiting on a lock: Anna's insert behind Bob's uncommitted one. */
const WAITING = `SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'`
const desks = TEAM_DESKS
const poolOf = (desk: TeamLogin) => team.poolOf(desk)

beforeAll(async () => {
  team = await startTeamWorkspace()
}, 60_000)
afterAll(() => team?.stop())

describeTemplateStore('the team workspace, PostgreSQL', async () => {
  let clock = Date.parse('2026-11-20T09:00:00Z')
  return createTeamTemplateStore(poolOf(desks.anna), () => new Date((clock += 60_000)))
})

describe("the team's templates, shared by its desks", () => {
  it('shows one desk what another saved, with who changed it last', async () => {
    const anna = createTeamTemplateStore(poolOf(desks.anna))
    const bob = createTeamTemplateStore(poolOf(desks.bob))
    const saved = await anna.save({
      name: 'Shared settlement',
      request: { ...blankRequest(), reportIdentifier: 'settlement', reportName: 'S' },
    })
    expect((await bob.get(saved.id)).request.reportIdentifier).toBe('settlement')
    await bob.rename(saved.id, 'Shared settlement (Bob)')
    expect((await anna.list()).map((t) => t.name)).toContain('Shared settlement (Bob)')
    expect(
      team.server.sql(
        `SELECT created_by, updated_by FROM gatedesk.report_templates WHERE id = '${saved.id}'`,
        'team',
      ),
    ).toBe('desk_anna|desk_bob\n')
  })

  it('tells a desk the name is taken when another desk saved it while it was saving', async () => {
    const anna = createTeamTemplateStore(poolOf(desks.anna))
    // Bob's desk has inserted the name and not yet committed: Anna's check sees no such name,
    // and her insert waits on the unique index until Bob commits.
    const bob = await poolOf(desks.bob).connect()
    await bob.query('BEGIN')
    await bob.query(
      `INSERT INTO gatedesk.report_templates (id, name, request, created_at, updated_at)
       VALUES ('bob-1', 'Race', '{}', now(), now())`,
    )
    const saving = anna.save({
      name: 'race',
      request: { ...blankRequest(), reportIdentifier: 'r', reportName: 'r' },
    })
    await expect.poll(() => team.server.sql(WAITING, 'team')).not.toBe('0\n')
    await bob.query('COMMIT')
    bob.release()
    const refused = await caught(() => saving, TemplateRefusedError)
    expect(refused.issues[0]).toMatchObject({
      path: 'name',
      messageCode: 'report.template.name-taken',
    })
  })
})
