import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBulkJournal } from '../../../main/bulk/bulk-journal-repository'
import { databaseFile } from '../../../main/platform/db/data-dir'
import { openDatabase } from '../../../main/platform/db/database'
import { runCliProcess } from '../../fixtures/cli-process'
import { approvedByOrderId, startTestSandbox, type TestSandbox } from '../../fixtures/sandbox'

// The promise of a bulk run: killed at any instant (SIGKILL, no chance to tidy up) and resumed,
// no row is applied twice and none is lost; only rows in flight at a kill end up unknown.
const ROWS = 2000
const KILLS = 12
const PROFILES = ['100001', '100002', '100003']
/** Replays a run's kill times: BULK_KILL_SEED=<the seed it printed>. */
const SEED_VARIABLE = 'BULK_KILL_SEED'
const seed = killSeed(process.env[SEED_VARIABLE])
const dir = mkdtempSync(join(tmpdir(), 'gatedesk-bulk-kill-'))
const dataDir = join(dir, 'data')
const input = join(dir, 'updates.csv')
let sandbox: TestSandbox

beforeAll(async () => {
  // The CLI bundle is built now, not in the first trial's time.
  await runCli(['--help'], null).catch(() => {})
  // The sandbox's own request log keeps every request of the test: it is the witness.
  sandbox = await startTestSandbox({ requestLogSize: 4 * ROWS })
  const lines = ['recurring-payment-id,amount,order_desc']
  for (let row = 1; row <= ROWS; row++) {
    lines.push(
      `${PROFILES[row % 3]},${(row % 400) + 1}.${String(row % 100).padStart(2, '0')},Kill test row ${row}`,
    )
  }
  writeFileSync(input, `${lines.join('\n')}\n`)
}, 120_000)
afterAll(async () => {
  await sandbox.stop()
  sandbox.remove()
  rmSync(dir, { recursive: true, force: true })
})

function killSeed(given: string | undefined): number {
  if (given === undefined) return Math.floor(Math.random() * 2 ** 31)
  if (!/^\d{1,10}$/.test(given)) {
    throw new Error(
      `${SEED_VARIABLE} must be a whole number, the seed a run printed; got "${given}"`,
    )
  }
  return Number(given)
}

/** Runs `gatedesk bulk-update`; once the job runs, kills it after `killAfterMs` (null: never). */
async function runCli(args: string[], killAfterMs: number | null) {
  const run = await runCliProcess(dataDir, ['bulk-update', ...args], {
    ...(killAfterMs !== null && { killAfterMs }),
  })
  if (!run.jobId) throw new Error(`the CLI never started the job (exit ${run.code}): ${run.stderr}`)
  return run
}

/** The journal as the next run will find it. */
function journalRows(jobId: string) {
  const db = openDatabase(databaseFile(dataDir))
  try {
    const journal = createBulkJournal(db)
    const rows = []
    for (let offset = 0; ; offset += 1000) {
      const page = journal.rows(jobId, { limit: 1000, offset })
      rows.push(...page.rows)
      if (rows.length >= page.total) return rows
    }
  } finally {
    db.close()
  }
}

describe('a bulk run killed again and again', () => {
  it(`applies each of ${ROWS} updates at most once, loses none, and leaves only rows in flight unknown`, async () => {
    const connection = ['--connection', sandbox.sandbox.connectionFile, '--concurrency', '8']
    let jobId = ''
    const inFlightAtKills = new Set<number>()
    let kills = 0
    // Random points, from before the first row leaves to well into the run, the same for a seed
    // (evenly spread: without bias towards the ends of the range).
    const killTimes = fc.sample(fc.noBias(fc.integer({ min: 0, max: 399 })), {
      seed,
      numRuns: KILLS * 3,
    })
    console.log(`Kill times from seed ${seed} (replay: ${SEED_VARIABLE}=${seed})`)
    for (let trial = 0; kills < KILLS && trial < KILLS * 3; trial++) {
      const args = jobId ? ['--resume', jobId] : ['--input', input]
      const result = await runCli([...connection, ...args], killTimes[trial]!)
      jobId = result.jobId
      if (!result.killed) break
      kills++
      for (const row of journalRows(jobId)) {
        if (row.state === 'in-flight') inFlightAtKills.add(row.rowNumber)
      }
    }
    expect(kills).toBeGreaterThanOrEqual(10)
    const last = await runCli([...connection, '--resume', jobId, '--json'], null)
    const summary = JSON.parse(last.stdout) as { state: string; states: Record<string, number> }
    expect(summary.state).toBe('finished')

    const rows = journalRows(jobId)
    expect(rows).toHaveLength(ROWS)
    // What the gateway applied, by order id, from its own log.
    const applied = approvedByOrderId(sandbox, 4 * ROWS)
    expect([...applied.values()].filter((n) => n > 1)).toEqual([])
    const unknown = rows.filter((row) => row.state === 'unknown')
    for (const row of rows) {
      if (row.state === 'done') {
        expect(row.outcome).toBe('approved')
        expect(applied.get(row.clientOrderId)).toBe(1)
      } else {
        expect(row.state).toBe('unknown')
      }
    }
    // Only rows in flight at a kill are unknown, and every one of those is.
    expect(unknown.map((row) => row.rowNumber).sort((a, b) => a - b)).toEqual(
      [...inFlightAtKills].sort((a, b) => a - b),
    )
    // Nothing reached the gateway that the journal does not account for.
    const journaled = new Set(rows.map((row) => row.clientOrderId))
    expect([...applied.keys()].filter((orderId) => !journaled.has(orderId))).toEqual([])
    console.log(
      `Seed ${seed}: ${kills} kills; ${rows.length - unknown.length} rows approved once, ${unknown.length} unknown (in flight at a kill), of which ${unknown.filter((row) => applied.has(row.clientOrderId)).length} had reached the gateway`,
    )
  }, 240_000)
})
