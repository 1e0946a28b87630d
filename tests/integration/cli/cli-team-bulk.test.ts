import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTeamDesks, type TeamDesks } from '../../fixtures/team-desks'
import { approvedByOrderId, startTestSandbox, type TestSandbox } from '../../fixtures/sandbox'

// Several desks on one team job, through the command line as staff would run it: each row sent
// once whichever desk takes it, and each desk's summary says what it sent itself.
let desks: TeamDesks
let sandbox: TestSandbox
let deskA: string
let deskB: string
let files: string

const ROWS = 240

function updatesFile(name: string, rows: number, extraColumns = '', extraCells = '') {
  const lines = [`recurring-payment-id,amount,order_desc${extraColumns}`]
  for (let row = 1; row <= rows; row++) {
    lines.push(`${100001 + (row % 3)},${(row % 90) + 1}.25,Team row ${row}${extraCells}`)
  }
  const file = join(files, name)
  writeFileSync(file, `${lines.join('\n')}\n`)
  return file
}

beforeAll(async () => {
  desks = await startTeamDesks()
  sandbox = await startTestSandbox({
    latency: { meanMs: 20, jitterMs: 10 },
    requestLogSize: 4 * ROWS,
  })
  ;[deskA, deskB] = [await desks.desk(), await desks.desk()]
  files = sandbox.dir
}, 120_000)
afterAll(async () => {
  await sandbox?.stop()
  sandbox?.remove()
  await desks?.stop()
})

interface DeskSummary {
  jobId: string
  sent: number
  approved: number
  job: { done: number; total: number; unknown: number; pending: number }
}

const team = (...args: string[]) => [
  'bulk-update',
  '--workspace',
  'team',
  '--connection',
  sandbox.sandbox.connectionFile,
  ...args,
]

const approved = () => approvedByOrderId(sandbox, 4 * ROWS)

describe('bulk-update --workspace team', () => {
  it('lets two desks send one job together, each row once, each desk counting its own', async () => {
    const input = updatesFile('team.csv', ROWS)
    const before = approved().size
    let joined: Promise<Awaited<ReturnType<TeamDesks['run']>>> | undefined
    const made = await desks.run(deskA, team('--input', input, '--concurrency', '4', '--json'), {
      onJob: (jobId) => {
        joined = desks.run(deskB, team('--join', jobId, '--concurrency', '4', '--json'))
      },
    })
    const join_ = await joined!
    expect(made.code, made.stderr).toBe(0)
    expect(join_.code, join_.stderr).toBe(0)
    const a = JSON.parse(made.stdout) as DeskSummary
    const b = JSON.parse(join_.stdout) as DeskSummary
    expect(b.jobId).toBe(a.jobId)
    expect(a.sent).toBeGreaterThan(0)
    expect(b.sent).toBeGreaterThan(0)
    expect(a.sent + b.sent).toBe(ROWS)
    expect(a.approved + b.approved).toBe(ROWS)
    // The desk that ended last saw the whole job done (the other may still have had a row).
    const last = [a, b].sort((x, y) => x.job.done - y.job.done)[1]!
    expect(last.job).toEqual({ done: ROWS, total: ROWS, inFlight: 0, unknown: 0, pending: 0 })
    expect(join_.stderr).toContain(`Bulk job ${a.jobId} of the team workspace: joining`)

    const applied = approved()
    expect(applied.size - before).toBe(ROWS)
    expect([...applied.values()].filter((n) => n > 1)).toEqual([])
    // The audit trail has every send once, approved, by one desk or the other.
    const pool = desks.pool()
    const { rows } = await pool.query<{ outcome: string; n: string }>(
      `SELECT h.outcome, count(*) AS n FROM gatedesk.history h JOIN gatedesk.bulk_rows r
         ON r.history_id = h.id WHERE r.job_id = $1 GROUP BY h.outcome`,
      [a.jobId],
    )
    expect(rows).toEqual([{ outcome: 'approved', n: String(ROWS) }])
  }, 120_000)

  it('says a finished job has nothing left for a desk that joins it', async () => {
    const input = updatesFile('small.csv', 3)
    const made = await desks.run(deskA, team('--input', input, '--json'))
    const { jobId } = JSON.parse(made.stdout) as DeskSummary
    const late = await desks.run(deskB, team('--join', jobId))
    expect(late.code).toBe(0)
    expect(late.stdout).toContain(
      `Bulk job ${jobId}: this desk sent 0 (none); the job: 3 of 3 done, 0 unknown, 0 never sent.`,
    )
  }, 60_000)

  it('refuses a file with card data: a team job never holds it', async () => {
    const input = updatesFile(
      'cards.csv',
      3,
      ',credit-card-number,card-printed-name,expire-month,expire-year',
      ',4111111111111111,JOHN DOE,12,2031',
    )
    const { code, stderr } = await desks.run(deskA, team('--input', input))
    expect(code).toBe(1)
    expect(stderr).toContain(
      'Line 2 of the file carries card data, which a team workspace never stores',
    )
    const pool = desks.pool()
    const { rows } = await pool.query(
      `SELECT 1 FROM gatedesk.bulk_rows WHERE parameters::text LIKE '%4111111111111111%'`,
    )
    expect(rows).toEqual([])
  }, 60_000)

  it('refuses to join through a connection to another gateway or merchant', async () => {
    const made = await desks.run(deskA, team('--input', updatesFile('one.csv', 1), '--json'))
    const { jobId } = JSON.parse(made.stdout) as DeskSummary
    const other = join(files, 'other-merchant.json')
    const connection = JSON.parse(readFileSync(sandbox.sandbox.connectionFile, 'utf8')) as Record<
      string,
      unknown
    >
    writeFileSync(other, JSON.stringify({ ...connection, merchantLogin: 'someone-else' }))
    const { code, stderr } = await desks.run(deskB, [
      ...['bulk-update', '--workspace', 'team', '--connection', other, '--join', jobId],
    ])
    expect(code).toBe(1)
    expect(stderr).toContain(`--join ${jobId}: the job sends to`)
    expect(stderr).toContain('another gateway or merchant')
  }, 60_000)

  it("refuses a viewer's sends before reading the file", async () => {
    desks.server.sql(
      `CREATE ROLE view_carol LOGIN PASSWORD 'carol-pw'; GRANT gatedesk_viewer TO view_carol;`,
    )
    const passwordFile = join(files, 'carol-password')
    writeFileSync(passwordFile, 'carol-pw\n')
    const carol = await desks.desk({ user: 'view_carol', passwordFile })
    const { code, stderr } = await desks.run(carol, team('--input', join(files, 'absent.csv')))
    expect(code).toBe(1)
    expect(stderr).toContain(
      'Your role in the team workspace is viewer: sending updates needs the operator role',
    )
    expect(stderr).toContain('GRANT gatedesk_operator TO view_carol')
  }, 60_000)

  it('names a job that does not exist, and options of the other workspace', async () => {
    const missing = await desks.run(
      deskB,
      team('--join', 'bulk-00000000-0000-0000-0000-000000000000'),
    )
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('bulk-00000000-0000-0000-0000-000000000000')
    const resume = await desks.run(deskB, team('--resume', 'x'))
    expect(resume.code).toBe(2)
    expect(resume.stderr).toContain('--resume and --unknown are for the local workspace')
    const local = await desks.run(deskB, [
      ...['bulk-update', '--connection', sandbox.sandbox.connectionFile, '--join', 'x'],
    ])
    expect(local.code).toBe(2)
    expect(local.stderr).toContain('add --workspace team')
  }, 60_000)
})
