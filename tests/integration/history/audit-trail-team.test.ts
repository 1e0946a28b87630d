import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTeamAuditTrail } from '../../../main/history/team-audit-trail'
import { clientConfig } from '../../../main/workspace/team-connection'
import { checkWorkspace } from '../../../main/workspace/workspace-check'
import { leaks } from '../../fixtures/cli-card-data'
import { startTestPostgres, type TestPostgres } from '../../fixtures/postgres-server'
import { cardUpdate, describeAuditTrail } from './audit-trail-suite'

let server: TestPostgres
let pool: pg.Pool
const sender = { osUser: 'anna', deskName: 'desk-7' }

beforeAll(async () => {
  server = await startTestPostgres()
  server.sql(
    `CREATE ROLE desk_anna LOGIN CREATEROLE PASSWORD 'pw'; CREATE DATABASE team OWNER desk_anna;`,
  )
  const connection = server.connection('desk_anna', 'team')
  const { caPem } = server
  await checkWorkspace(connection, { password: 'pw', caPem }, { ...sender, appVersion: '0.1.0' })
  pool = new pg.Pool(clientConfig(connection, 'pw', caPem))
  pool.on('error', () => undefined)
}, 60_000)
afterAll(async () => {
  await pool?.end()
  server?.stop()
})

describeAuditTrail('the team workspace, PostgreSQL', async () => {
  let clock = Date.parse('2026-11-20T09:00:00Z')
  return createTeamAuditTrail(pool, sender, () => new Date((clock += 1000)))
})

describe("the team's audit trail", () => {
  it('says who sent each request: OS user, desk and database user', async () => {
    const trail = createTeamAuditTrail(pool, sender)
    const id = await trail.recordSending(cardUpdate('W-1'))
    expect((await trail.get(id))!.sender).toEqual({
      osUser: 'anna',
      deskName: 'desk-7',
      dbUser: 'desk_anna',
    })
  })

  it('holds no card data anywhere in the database: a pg_dump after sends with card data', async () => {
    const trail = createTeamAuditTrail(pool, sender)
    const id = await trail.recordSending(cardUpdate('D-1'))
    await trail.recordResult(id, {
      outcome: 'declined',
      message: 'Declined: card 4111111111111111',
    })
    const dump = server.dump('team')
    expect(dump).toContain('D-1')
    expect(leaks(dump)).toEqual([])
  })
})
