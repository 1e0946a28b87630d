import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createTeamBulkJournal,
  type ClaimedRow,
  type TeamBulkRun,
} from '../../../main/bulk/team-bulk-journal'
import { createTeamAuditTrail, teamHistoryWrites } from '../../../main/history/team-audit-trail'
import type { Parameter } from '../../../main/platform/privacy/parameter'
import { ExplainedError } from '../../../preload/contract/platform/explained'
import { clientConfig } from '../../../main/workspace/team-connection'
import { checkWorkspace } from '../../../main/workspace/workspace-check'
import { CARD_NUMBER } from '../../fixtures/cli-card-data'
import { startTestPostgres, type TestPostgres } from '../../fixtures/postgres-server'

let server: TestPostgres
const pools: pg.Pool[] = []
const environment = { id: 'sandbox', name: 'Sandbox' }

/** A desk of the team: its own pool (as its own app would open), and its journal. */
function desk(deskName: string) {
  const pool = new pg.Pool({
    ...clientConfig(server.connection('desk', 'team'), 'pw', server.caPem),
    max: 4,
  })
  pool.on('error', () => undefined)
  pools.push(pool)
  const sender = { osUser: 'staff', deskName }
  return {
    pool,
    journal: createTeamBulkJournal({ pool, history: teamHistoryWrites(sender), desk: sender }),
    trail: createTeamAuditTrail(pool, sender),
  }
}

const rows = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    rowNumber: index + 2,
    parameters: [
      ['client-orderid', `T-${index + 2}`],
      ['recurring-payment-id', String(100001 + (index % 3))],
      ['amount', '10.00'],
    ] as Parameter[],
  }))

/** Up to `count` rows claimed one after another, as a desk's workers claim them. */
async function claimRows(run: TeamBulkRun, count: number): Promise<ClaimedRow[]> {
  const claimed: ClaimedRow[] = []
  while (claimed.length < count) {
    const row = await run.claim()
    if (row === undefined) break
    claimed.push(row)
  }
  return claimed
}

const approved = (row: ClaimedRow) => ({
  outcome: 'approved' as const,
  serialNumber: `S-${row.rowNumber}`,
  message: 'Approved',
})

beforeAll(async () => {
  server = await startTestPostgres()
  server.sql(`CREATE ROLE desk LOGIN CREATEROLE PASSWORD 'pw'; CREATE DATABASE team OWNER desk;`)
  const sender = { osUser: 'staff', deskName: 'setup', appVersion: '0.1.0' }
  await checkWorkspace(
    server.connection('desk', 'team'),
    { password: 'pw', caPem: server.caPem },
    sender,
  )
}, 60_000)
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()))
  server?.stop()
})

describe('a bulk job shared by the desks of a team', () => {
  it('is worked on by three desks at once, each row claimed by one desk and sent once', async () => {
    const desks = [desk('desk-1'), desk('desk-2'), desk('desk-3')]
    const jobId = await desks[0]!.journal.createJob({
      sourceName: 'november.csv',
      environment,
      rows: rows(600),
    })
    const sent = new Map<number, string>()
    await Promise.all(
      desks.map(async ({ journal }, index) => {
        const run = await journal.startRun(jobId)
        for (;;) {
          const claimed = await claimRows(run, 8)
          if (claimed.length === 0) break
          for (const row of claimed) {
            expect(sent.has(row.rowNumber), `row ${row.rowNumber} sent twice`).toBe(false)
            sent.set(row.rowNumber, `desk-${index + 1}`)
            await run.finish(row, approved(row))
          }
        }
        await run.end()
      }),
    )
    expect(sent.size).toBe(600)
    expect(new Set(sent.values()).size).toBe(3)
    expect(await desks[0]!.journal.counts(jobId)).toEqual({
      pending: 0,
      'in-flight': 0,
      done: 600,
      unknown: 0,
    })
    const entries = await desks[1]!.trail.recent(600)
    expect(entries.filter((entry) => entry.outcome === 'approved')).toHaveLength(600)
    expect(new Set(entries.map((entry) => entry.sender!.deskName))).toEqual(
      new Set(['desk-1', 'desk-2', 'desk-3']),
    )
  })

  it("writes a claimed row's audit entry as the audit trail writes any request's", async () => {
    const { journal, trail } = desk('desk-entry')
    const parameters: Parameter[] = [
      ['recurring-payment-id', '100002'],
      ['client-orderid', 'E-1'],
      ['amount', '12.50'],
      // The first of a repeated name is the entry's, as the trail reads it.
      ['client-orderid', 'E-other'],
    ]
    const jobId = await journal.createJob({
      sourceName: 'entry.csv',
      environment,
      rows: [{ rowNumber: 2, parameters }],
    })
    const run = await journal.startRun(jobId)
    const claimed = (await run.claim())!
    await run.end()
    const direct = await trail.recordSending({
      environment,
      operation: 'update-recurring-payment',
      parameters,
    })
    const [fromClaim, fromTrail] = [await trail.get(claimed.historyId), await trail.get(direct)]
    const comparable = (entry: typeof fromClaim) => ({ ...entry!, id: 0, sentAt: '' })
    expect(claimed.parameters).toEqual(parameters)
    expect(comparable(fromClaim)).toEqual(comparable(fromTrail))
    expect(fromClaim).toMatchObject({ profileId: '100002', orderId: 'E-1', outcome: 'sending' })
  })

  it("leaves exactly a killed desk's rows in flight unknown, and another desk goes on with the rest", async () => {
    const [killed, other] = [desk('desk-killed'), desk('desk-other')]
    const jobId = await killed.journal.createJob({
      sourceName: 'kill.csv',
      environment,
      rows: rows(40),
    })
    const dying = await killed.journal.startRun(jobId)
    const inFlight = await claimRows(dying, 8)
    const finished = (await claimRows(dying, 2))[0]!
    await dying.finish(finished, approved(finished))
    // A live run's rows are its own: another desk's recovery leaves them alone.
    const otherRun = await other.journal.startRun(jobId)
    expect(await other.journal.recoverInterrupted(jobId)).toBe(0)
    // The desk dies: PostgreSQL ends its connections (and its run's lock with them).
    server.sql(
      `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted
         AND pid <> pg_backend_pid()
         AND pid IN (SELECT pid FROM pg_stat_activity WHERE application_name = 'GateDesk')
         AND (classid::bigint << 32 | objid::bigint) = (SELECT run_key FROM gatedesk.bulk_runs
           WHERE desk_name = 'desk-killed')`,
      'team',
    )
    await expect.poll(() => other.journal.recoverInterrupted(jobId), { timeout: 10_000 }).toBe(9)
    // The desk that lost its connection takes no more rows, and ends without an error.
    await expect(dying.claim()).rejects.toMatchObject({ messageCode: 'workspace.run-lost' })
    await dying.end()
    const counts = await other.journal.counts(jobId)
    expect(counts).toMatchObject({ unknown: 9, done: 1, 'in-flight': 0 })
    const left: number[] = []
    for (;;) {
      const claimed = await claimRows(otherRun, 8)
      if (claimed.length === 0) break
      for (const row of claimed) {
        left.push(row.rowNumber)
        await otherRun.finish(row, approved(row))
      }
    }
    await otherRun.end()
    const lost = [...inFlight.map((row) => row.rowNumber)]
    expect(left.filter((row) => lost.includes(row))).toEqual([])
    expect(left).toHaveLength(30)
    const unknownEntries = (await other.trail.recent(100)).filter(
      (entry) => entry.outcome === 'unknown',
    )
    expect(unknownEntries).toHaveLength(9)
    expect(unknownEntries[0]!.messageCode).toBe('history.interrupted')
  })

  it('refuses a job whose rows carry card data, naming its line, and stores none of it', async () => {
    const { journal } = desk('desk-card')
    const carded = rows(3)
    carded[1]!.parameters = [...carded[1]!.parameters, ['credit-card-number', CARD_NUMBER]]
    const refused = await journal
      .createJob({ sourceName: 'cards.csv', environment, rows: carded })
      .catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(ExplainedError)
    // Row 3 is on the spreadsheet's line 4 (the header is line 1).
    expect((refused as ExplainedError).params).toEqual({ line: 4 })
    expect(server.dump('team')).not.toContain(CARD_NUMBER)
  })
})
