import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTeamBulkJournal } from '../../../main/bulk/team-bulk-journal'
import { createTeamAuditTrail, teamHistoryWrites } from '../../../main/history/team-audit-trail'
import type { Parameter } from '../../../main/platform/privacy/parameter'
import { createTeamTemplateStore } from '../../../main/templates/team-template-store'
import { clientConfig } from '../../../main/workspace/team-connection'
import { checkWorkspace } from '../../../main/workspace/workspace-check'
import { ExplainedError } from '../../../preload/contract/platform/explained'
import { blankRequest } from '../../../preload/contract/templates/report-template'
import { startTestPostgres, type TestPostgres } from '../../fixtures/postgres-server'

// The roles are the database's, not only the window's: whatever a desk's app would do, its
// database user can do no more than its role allows.
let server: TestPostgres
const pools: pg.Pool[] = []
const users = {
  anna: { user: 'admin_anna', password: 'anna-pw', desk: { osUser: 'anna', deskName: 'd-1' } },
  bob: { user: 'op_bob', password: 'bob-pw', desk: { osUser: 'bob', deskName: 'd-2' } },
  carol: { user: 'view_carol', password: 'carol-pw', desk: { osUser: 'carol', deskName: 'd-3' } },
  dan: { user: 'outsider_dan', password: 'dan-pw', desk: { osUser: 'dan', deskName: 'd-4' } },
}
type Who = (typeof users)[keyof typeof users]
const environment = { id: 'cli-sandbox', name: 'Sandbox' }

const check = (who: Who) =>
  checkWorkspace(
    server.connection(who.user, 'team'),
    { password: who.password, caPem: server.caPem },
    { ...who.desk, appVersion: '0.1.0' },
  )
function poolOf(who: Who) {
  const pool = new pg.Pool(
    clientConfig(server.connection(who.user, 'team'), who.password, server.caPem),
  )
  pool.on('error', () => undefined)
  pools.push(pool)
  return pool
}
const refusal = (work: Promise<unknown>) =>
  work.then(
    () => 'allowed',
    (error: { code?: string }) => error.code ?? String(error),
  )
const update = (order: string) => ({
  environment,
  operation: 'update-recurring-payment' as const,
  parameters: [
    ['client-orderid', order],
    ['recurring-payment-id', '100234'],
  ] as Parameter[],
})
/** A template the checks let through: only the database may refuse it. */
const template = (name: string) => ({
  name,
  request: { ...blankRequest(), reportIdentifier: 'settlement', reportName: 'S' },
})
const reportRun = { environment, operation: 'custom-report' as const, parameters: [] }

beforeAll(async () => {
  server = await startTestPostgres()
  server.sql(`
    CREATE ROLE admin_anna LOGIN CREATEROLE PASSWORD 'anna-pw';
    CREATE ROLE op_bob LOGIN PASSWORD 'bob-pw';
    CREATE ROLE view_carol LOGIN PASSWORD 'carol-pw';
    CREATE ROLE outsider_dan LOGIN PASSWORD 'dan-pw';
    CREATE DATABASE team OWNER admin_anna;
  `)
  // The first admin creates the workspace and its roles, then makes the others members.
  await check(users.anna)
  server.sql('GRANT gatedesk_operator TO op_bob; GRANT gatedesk_viewer TO view_carol;', 'team')
}, 60_000)
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()))
  server?.stop()
})

describe("the team's roles, enforced by PostgreSQL", () => {
  it('tells each desk its role, and a user without one that it may not use the workspace', async () => {
    expect((await check(users.anna)).role).toBe('admin')
    expect((await check(users.bob)).role).toBe('operator')
    expect((await check(users.carol)).role).toBe('viewer')
    const refused = await check(users.dan).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(ExplainedError)
    expect((refused as ExplainedError).messageCode).toBe('workspace.check.permissions')
  })

  it('lets a viewer read the history and record its report runs, never send an update', async () => {
    const trail = createTeamAuditTrail(poolOf(users.carol), users.carol.desk)
    const id = await trail.recordSending(reportRun)
    await trail.recordResult(id, { outcome: 'approved', message: 'Saved' })
    expect((await trail.get(id))!.outcome).toBe('approved')
    expect(await refusal(trail.recordSending(update('V-1')))).toBe('42501')
    const journal = createTeamBulkJournal({
      pool: poolOf(users.carol),
      history: teamHistoryWrites(users.carol.desk),
      desk: users.carol.desk,
    })
    const job = journal.createJob({ sourceName: 'v.csv', environment, rows: [] })
    expect(await refusal(job)).toBe('42501')
    const templates = createTeamTemplateStore(poolOf(users.carol))
    expect(await refusal(templates.save(template('Mine')))).toBe('42501')
  })

  it('lets an admin keep the templates', async () => {
    const saved = await createTeamTemplateStore(poolOf(users.anna)).save(template('Settlement'))
    expect(saved.name).toBe('Settlement')
  })

  it('lets an operator send and run bulk jobs, never change templates', async () => {
    const pool = poolOf(users.bob)
    const journal = createTeamBulkJournal({
      pool,
      history: teamHistoryWrites(users.bob.desk),
      desk: users.bob.desk,
    })
    const rows = [1, 2].map((rowNumber) => ({
      rowNumber,
      parameters: update(`O-${rowNumber}`).parameters,
    }))
    const jobId = await journal.createJob({ sourceName: 'o.csv', environment, rows })
    const run = await journal.startRun(jobId)
    const row = await run.claim()
    await run.finish(row!, { outcome: 'approved', message: 'Approved' })
    await run.end()
    expect((await journal.counts(jobId)).done).toBe(1)
    const templates = createTeamTemplateStore(pool)
    expect(await refusal(templates.save(template('Ops')))).toBe('42501')
  })

  it('keeps the audit trail append-only: no one deletes an entry or rewrites what was sent', async () => {
    const anna = createTeamAuditTrail(poolOf(users.anna), users.anna.desk)
    const annas = await anna.recordSending(update('A-1'))
    await anna.recordResult(annas, { outcome: 'approved', message: 'Approved' })
    const bob = poolOf(users.bob)
    const bobs = await createTeamAuditTrail(bob, users.bob.desk).recordSending(update('B-1'))
    // Not even the admin who owns the tables deletes an entry (the row policies bind the owner).
    const deleted = await poolOf(users.anna).query('DELETE FROM gatedesk.history WHERE id = $1', [
      annas,
    ])
    expect(deleted.rowCount).toBe(0)
    expect(await refusal(bob.query('DELETE FROM gatedesk.history'))).toBe('42501')
    // What was sent stays as it was sent, even by its author.
    const rewrite = bob.query(`UPDATE gatedesk.history SET parameters = '[]' WHERE id = $1`, [bobs])
    expect(await refusal(rewrite)).toBe('42501')
    // Another desk's finished entry is not its to complete.
    const other = await bob.query(
      `UPDATE gatedesk.history SET outcome = 'declined' WHERE id = $1`,
      [annas],
    )
    expect(other.rowCount).toBe(0)
    expect((await anna.get(annas))!.outcome).toBe('approved')
    // An entry is written as its own user only.
    const forged = bob.query(
      `INSERT INTO gatedesk.history (sent_at, environment_id, environment_name, operation,
         parameters, outcome, os_user, desk_name, db_user)
       VALUES (now(), 'e', 'E', 'custom-report', '[]', 'sending', 'anna', 'd-1', 'admin_anna')`,
    )
    expect(await refusal(forged)).toBe('42501')
  })
})
