import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTeamBulkJournal } from '../../../main/bulk/team-bulk-journal'
import { createTeamAuditTrail, teamHistoryWrites } from '../../../main/history/team-audit-trail'
import type { Parameter } from '../../../main/platform/privacy/parameter'
import { createTeamTemplateStore } from '../../../main/templates/team-template-store'
import { watchTeamChanges, type TeamChange } from '../../../main/workspace/team-changes'
import { clientConfig } from '../../../main/workspace/team-connection'
import { checkWorkspace } from '../../../main/workspace/workspace-check'
import { blankRequest } from '../../../preload/contract/templates/report-template'
import { startTestPostgres, type TestPostgres } from '../../fixtures/postgres-server'

let server: TestPostgres
let pool: pg.Pool
const sender = { osUser: 'anna', deskName: 'desk-1' }
const config = () => clientConfig(server.connection('desk', 'team'), 'pw', server.caPem)

beforeAll(async () => {
  server = await startTestPostgres()
  server.sql(`CREATE ROLE desk LOGIN CREATEROLE PASSWORD 'pw'; CREATE DATABASE team OWNER desk;`)
  await checkWorkspace(
    server.connection('desk', 'team'),
    { password: 'pw', caPem: server.caPem },
    { ...sender, appVersion: '0.1.0' },
  )
  pool = new pg.Pool(config())
  pool.on('error', () => undefined)
}, 60_000)
afterAll(async () => {
  await pool?.end()
  server?.stop()
})

describe("another desk's changes, live", () => {
  it('reach a watching desk without a refresh: history entries, bulk progress, templates, environments', async () => {
    const seen: TeamChange[] = []
    const lost: unknown[] = []
    const watch = await watchTeamChanges(config(), {
      onChange: (change) => seen.push(change),
      onLost: (error) => lost.push(error),
    })
    try {
      await createTeamTemplateStore(pool).save({
        name: 'Live',
        request: { ...blankRequest(), reportIdentifier: 'r', reportName: 'r' },
      })
      await expect.poll(() => seen).toContainEqual({ kind: 'templates' })

      const id = await createTeamAuditTrail(pool, sender).recordSending({
        environment: { id: 'sandbox', name: 'Sandbox' },
        operation: 'update-recurring-payment',
        parameters: [['recurring-payment-id', '100001']],
      })
      await expect.poll(() => seen).toContainEqual({ kind: 'history', id })

      const journal = createTeamBulkJournal({
        pool,
        history: teamHistoryWrites(sender),
        desk: sender,
      })
      const job = await journal.createJob({
        sourceName: 'live.csv',
        environment: { id: 'sandbox', name: 'Sandbox' },
        rows: [2, 3, 4, 5].map((rowNumber) => ({
          rowNumber,
          parameters: [['client-orderid', `L-${rowNumber}`]] as Parameter[],
        })),
      })
      // A new job is announced as soon as it is made, before any row is claimed.
      await expect.poll(() => seen).toContainEqual({ kind: 'bulk', job })
      const run = await journal.startRun(job)
      seen.length = 0
      await run.claim()
      await run.end()
      await expect
        .poll(() => seen.filter((change) => change.kind === 'bulk'))
        .toEqual([{ kind: 'bulk', job }])

      // Once a statement, however many environments it changed.
      seen.length = 0
      await pool.query(
        `INSERT INTO gatedesk.environments (id, name, kind, base_url, endpoint_id, merchant_login,
           update_recurring_path, report_path, oauth_in_body, created_at, updated_at)
         SELECT 'env-' || n, 'Production ' || n, 'production', 'https://gw.example', '1001', 'shop',
           '/update', '/report', false, now(), now() FROM generate_series(1, 3) AS n`,
      )
      await expect.poll(() => seen).toEqual([{ kind: 'environments' }])
      expect(lost).toEqual([])
    } finally {
      await watch.close()
    }
  })

  it('says when the listening connection is lost', async () => {
    const lost: unknown[] = []
    const watch = await watchTeamChanges(config(), {
      onChange: () => undefined,
      onLost: (e) => lost.push(e),
    })
    server.sql(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%'`,
      'team',
    )
    await expect.poll(() => lost.length).toBe(1)
    await watch.close()
  })
})
