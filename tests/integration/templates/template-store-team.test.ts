import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientConfig } from '../../../main/workspace/team-connection'
import { checkWorkspace } from '../../../main/workspace/workspace-check'
import { TemplateRefusedError } from '../../../main/templates/report-templates-repository'
import { createTeamTemplateStore } from '../../../main/templates/team-template-store'
import { blankRequest } from '../../../preload/contract/templates/report-template'
import { caught } from '../../fixtures/caught'
import { startTestPostgres, type TestPostgres } from '../../fixtures/postgres-server'
import { describeTemplateStore } from './template-store-suite'

let server: TestPostgres
/** Sessions waiting on a lock: Anna's insert behind Bob's uncommitted one. */
const WAITING = `SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'`
const pools: pg.Pool[] = []
const desks = {
  anna: { user: 'desk_anna', password: 'anna-pw' },
  bob: { user: 'desk_bob', password: 'bob-pw' },
}

/** A pool as a desk of the team opens it: its own database user, TLS verified. */
function poolOf(desk: { user: string; password: string }): pg.Pool {
  const pool = new pg.Pool(
    clientConfig(server.connection(desk.user, 'team'), desk.password, server.caPem),
  )
  pool.on('error', () => undefined)
  pools.push(pool)
  return pool
}

beforeAll(async () => {
  server = await startTestPostgres()
  server.sql(`
    CREATE ROLE desk_anna LOGIN CREATEROLE PASSWORD 'anna-pw';
    CREATE ROLE desk_bob LOGIN PASSWORD 'bob-pw';
    CREATE DATABASE team OWNER desk_anna;
  `)
  await checkWorkspace(
    server.connection(desks.anna.user, 'team'),
    { password: desks.anna.password, caPem: server.caPem },
    {
      osUser: 'anna',
      deskName: 'desk-1',
      appVersion: '0.1.0',
    },
  )
  server.sql(
    `GRANT USAGE ON SCHEMA gatedesk TO desk_bob;
     GRANT SELECT, INSERT, UPDATE, DELETE ON gatedesk.report_templates TO desk_bob;`,
    'team',
  )
}, 60_000)
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()))
  server?.stop()
})

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
      server.sql(
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
    await expect.poll(() => server.sql(WAITING, 'team')).not.toBe('0\n')
    await bob.query('COMMIT')
    bob.release()
    const refused = await caught(() => saving, TemplateRefusedError)
    expect(refused.issues[0]).toMatchObject({
      path: 'name',
      messageCode: 'report.template.name-taken',
    })
  })
})
