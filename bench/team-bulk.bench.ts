// Two desks on one team job against one desk alone (issue #24: ≥ 1.7× its throughput), at a
// realistic distance: the sandbox gateway 50 ms ± 20 ms away (its added latency). Each desk is
// the command line as staff run it (`bulk-update --workspace team --join JOB`), a whole process
// with its own pool on the team's PostgreSQL server (Debian's, started for the run, TLS
// verified); the job is made beforehand, so both measure only the sending. One and two desks
// alternate on fresh jobs of the same rows, and the ratio is of the medians in this run.
// `npm run bench:team -- --rows 1200 --runs 3 [--latency MEAN,JITTER] [--concurrency N]`
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { createTeamBulkJournal } from '../main/bulk/team-bulk-journal'
import { gatewayId } from '../main/platform/gateway/gateway-id'
import { teamHistoryWrites } from '../main/history/team-audit-trail'
import { parametersOf } from '../main/platform/gateway/update-parameters'
import { startSandbox } from '../main/sandbox/sandbox-server'
import { startTeamDesks } from '../tests/fixtures/team-desks'

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1200' },
    runs: { type: 'string', default: '3' },
    latency: { type: 'string', default: '50,20' },
    concurrency: { type: 'string', default: '8' },
  },
  // scripts/bench.mjs passes the bench's own file name too.
  allowPositionals: true,
})
const ROWS = Number(values.rows)
const RUNS = Number(values.runs)
const [MEAN_MS, JITTER_MS] = values.latency.split(',').map(Number)
const TARGET = 1.7

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}
const load = () => `load average ${loadavg()[0]!.toFixed(1)}`
/**
 * The CPU seconds (user and system) of this process's children that have ended: the desks, each
 * a process of its own (the sandbox runs in this one, the server apart). Load on the machine
 * slows a desk but hardly changes the CPU it needs a row.
 */
function endedChildrenCpu(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ')
  // cutime and cstime, in clock ticks (fields 16 and 17 of proc(5), here after the name).
  return (Number(fields[13]) + Number(fields[14])) / 100
}

const dir = mkdtempSync(join(tmpdir(), 'gatedesk-team-bench-'))
const desks = await startTeamDesks(join(process.cwd(), 'bin', 'gatedesk.js'))
const sandbox = await startSandbox({
  port: 0,
  stateDir: join(dir, 'sandbox'),
  latency: { meanMs: MEAN_MS!, jitterMs: JITTER_MS! },
})
try {
  const [deskA, deskB] = [await desks.desk(), await desks.desk()]
  const maker = { osUser: 'bench', deskName: 'bench' }
  const journal = createTeamBulkJournal({
    pool: desks.pool(),
    history: teamHistoryWrites(maker),
    desk: maker,
  })
  const environment = { id: gatewayId(sandbox.connection), name: 'Sandbox (bench)' }
  let jobs = 0
  const newJob = (rows: number) => {
    const prefix = `TB${++jobs}-${Date.now().toString(36)}`
    return journal.createJob({
      sourceName: 'bench.csv',
      environment,
      rows: Array.from({ length: rows }, (_, i) => ({
        rowNumber: i + 1,
        parameters: parametersOf({
          'recurring-payment-id': String(100001 + (i % 3)),
          amount: `${(i % 90) + 1}.25`,
          'client-orderid': `${prefix}-${i + 1}`,
        }),
      })),
    })
  }
  const join_ = (desk: string, jobId: string) =>
    desks.run(desk, [
      ...['bulk-update', '--workspace', 'team', '--connection', sandbox.connectionFile],
      ...['--join', jobId, '--concurrency', values.concurrency, '--json'],
    ])
  /** Rows a second for `desksAtOnce` desks sending a fresh job of ROWS rows to its end. */
  async function throughput(desksAtOnce: 1 | 2): Promise<number> {
    const jobId = await newJob(ROWS)
    const start = performance.now()
    const cpuBefore = endedChildrenCpu()
    const ends = await Promise.all(
      [deskA, deskB].slice(0, desksAtOnce).map((desk) => join_(desk, jobId)),
    )
    const seconds = (performance.now() - start) / 1000
    const sent = ends.reduce(
      (sum, end) => sum + (JSON.parse(end.stdout) as { sent: number }).sent,
      0,
    )
    if (sent !== ROWS) throw new Error(`${desksAtOnce} desk(s) sent ${sent} of ${ROWS} rows`)
    deskCpuMs.push(((endedChildrenCpu() - cpuBefore) * 1000) / ROWS)
    return ROWS / seconds
  }

  await join_(deskA, await newJob(50)) // warm: the bundle, the keychain, the server's caches
  const one: number[] = []
  const two: number[] = []
  const deskCpuMs: number[] = []
  for (let run = 0; run < RUNS; run++) {
    // Alternating which goes first, so a drift in the machine's load favours neither.
    for (const desksAtOnce of run % 2 === 0 ? ([1, 2] as const) : ([2, 1] as const)) {
      const perSecond = await throughput(desksAtOnce)
      ;(desksAtOnce === 1 ? one : two).push(perSecond)
      console.log(
        `run ${run + 1}: ${desksAtOnce} desk(s) ${perSecond.toFixed(0)} rows/s, desks' CPU ${deskCpuMs.at(-1)!.toFixed(2)} ms a row (${load()})`,
      )
    }
  }
  const ratio = median(two) / median(one)
  console.log(
    `${ROWS} rows, sandbox ${MEAN_MS} ms ± ${JITTER_MS} ms away, concurrency ${values.concurrency} a desk: one desk ${median(one).toFixed(0)} rows/s, two desks ${median(two).toFixed(0)} rows/s: ${ratio.toFixed(2)}× (target ≥ ${TARGET}) ${ratio >= TARGET ? 'OK' : 'UNDER TARGET'}; the desks' CPU ${median(deskCpuMs).toFixed(2)} ms a row`,
  )
  if (ratio < TARGET) process.exitCode = 1
} finally {
  await sandbox.stop()
  await desks.stop()
  rmSync(dir, { recursive: true, force: true })
}
