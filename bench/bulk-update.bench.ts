// Bulk updates against a bare loop of signed requests: 10,000 updates at concurrency 8, the
// sandbox gateway in a process of its own (the CLI's bundle, out/cli, forked as the app forks
// it), 50 ms ± 20 ms away (its added latency, as a real gateway is 30–200 ms away). The bare loop
// signs and sends each update with the gateway client and nothing else; the bulk run reads the
// rows from a CSV file, checks each with the rules, journals it and records it in history
// (durably before it leaves) before and after its send. The bulk job is paused after each tenth
// of its rows while a bare loop of the same size runs, in alternating order (bulk first, then
// bare first: ABBA), and the median of the ten side-by-side ratios is compared with the target:
// the bulk run's throughput at least 0.95× the bare loop's. Both sides are warmed up first (a
// bulk job of their own too), and reading the file and creating the job are timed apart (once a
// job, not a row's). Printed too: the bookkeeping's CPU a row (this process's CPU, user and
// system, a bulk row less a bare one's; the sandbox runs in a process of its own; target
// ≤ 0.3 ms), and, as information, the same ratio on loopback (no added latency, where the CPU
// of client, signing and sandbox on one machine is the bound). The machine's load average is
// printed beside each measurement. Run with `npm run bench:bulk` (`--rows N` for another count,
// `--latency MEAN,JITTER` in ms).
import { sendRecurringUpdate } from '../main/recurring/send-core'
import { createPrivateKey } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { createBulkJob } from '../main/bulk/bulk-job'
import { startBulkRun } from '../main/bulk/bulk-run'
import { readBulkSource, type BulkSource } from '../main/bulk/bulk-source'
import { autoMapping } from '../main/bulk/column-mapping'
import { rowInputs } from '../main/bulk/job-source'
import { connectionContexts } from '../main/bulk/row-environments'
import { SPEC_PATHS, type GatewayEnvironment } from '../main/platform/gateway/environment'
import type { GatewayDeps, SigningSecrets } from '../main/platform/gateway/gateway-client'
import { httpsPost, httpsPostToFile } from '../main/platform/gateway/https-transport'
import { randomNonce } from '../main/platform/gateway/oauth1'
import { updateRecurringPayment } from '../main/platform/gateway/update-recurring-payment'
import { createSendingContext } from '../main/recurring/sending-context'
import { createEmbeddedSandbox } from '../main/sandbox/process/embedded-sandbox'
import {
  createBulkJournal,
  type BulkJob,
  type BulkJournal,
} from '../main/bulk/bulk-journal-repository'
import { openDatabase } from '../main/platform/db/database'
import { createHistoryRepository, type HistoryRepository } from '../main/history/history-repository'
import { forkLauncher } from '../main/platform/workers/fork-launcher'
import { scriptLocator } from '../main/platform/workers/script-ref'
import { thisProcess } from '../main/platform/jobs/runner-process'

// Positionals are scripts/bench.mjs's list of benchmarks.
const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '10000' },
    latency: { type: 'string', default: '50,20' },
  },
  allowPositionals: true,
})
const ROWS = Number(values.rows)
const SLICES = 10
if (!Number.isInteger(ROWS) || ROWS < 500 || ROWS % SLICES !== 0)
  throw new Error('--rows takes a multiple of 10, 500 or more')
const [MEAN_MS, JITTER_MS] = values.latency.split(',').map(Number)
if (!(MEAN_MS! > 0) || !(JITTER_MS! >= 0) || JITTER_MS! > MEAN_MS!)
  throw new Error('--latency takes MEAN,JITTER in ms, the jitter at most the mean')
const LATENCY = { meanMs: MEAN_MS!, jitterMs: JITTER_MS! }
const CONCURRENCY = 8
const TARGET = 0.95
const CPU_TARGET_MS = 0.3
const PROFILES = ['100001', '100002', '100003']

const script = scriptLocator(join(process.cwd(), 'out', 'cli'))('sandbox-process')
if (script.execArgv.length > 0)
  throw new Error('out/cli has no sandbox-process.js: run through scripts/bench.mjs')

const dir = mkdtempSync(join(tmpdir(), 'gatedesk-bulk-bench-'))

/** Throughput and this process's CPU over a stretch of sends. */
interface Stretch {
  rows: number
  seconds: number
  /** User + system. */
  cpuMs: number
  systemMs: number
}

/** Measures what `send` does: rows it reports, wall time and this process's CPU. */
async function stretch(send: () => Promise<number>): Promise<Stretch> {
  const cpu = process.cpuUsage()
  const started = performance.now()
  const rows = await send()
  const used = process.cpuUsage(cpu)
  return {
    rows,
    seconds: (performance.now() - started) / 1000,
    cpuMs: (used.user + used.system) / 1000,
    systemMs: used.system / 1000,
  }
}

/** The machine's load average over the last minute, as `uptime` shows it. */
const load = () => loadavg()[0]!.toFixed(1)

const perSecond = (s: Stretch) => s.rows / s.seconds

/** The update of row `row` of run `run`: every one distinct, each a valid change of a demo profile. */
const update = (run: string, row: number): [string, string][] => [
  ['client-orderid', `${run}-${row}`],
  ['recurring-payment-id', PROFILES[row % PROFILES.length]!],
  ['amount', `${(row % 400) + 1}.${String(row % 100).padStart(2, '0')}`],
  ['order_desc', `Bench ${run} row ${row}`],
]

/** The bare loop: `count` signed updates, `CONCURRENCY` at a time, nothing else. Rows a second. */
async function bareLoop(
  run: string,
  count: number,
  deps: GatewayDeps,
  env: GatewayEnvironment,
  secrets: SigningSecrets,
) {
  let next = 0
  let failures = 0
  const worker = async () => {
    while (next < count) {
      const result = await updateRecurringPayment(deps, env, secrets, update(run, next++))
      if (result.outcome !== 'approved') failures++
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  if (failures > 0) throw new Error(`the bare loop had ${failures} updates not approved`)
  return count
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** Writes `rows` updates of run `run` as a CSV file: the bulk job's source. */
function sourceFile(name: string, run: string, rows: number): string {
  const file = join(dir, `${name}.csv`)
  const lines = ['client-orderid,recurring-payment-id,amount,order_desc']
  for (let row = 0; row < rows; row++) {
    lines.push(
      update(run, row)
        .map(([, v]) => v)
        .join(','),
    )
  }
  writeFileSync(file, `${lines.join('\n')}\n`)
  return file
}

/**
 * `rows` updates as one bulk job from a CSV file, journaled, with history, started paused; and
 * how long reading the file and creating the job took (once a job: not counted a row's).
 */
async function pausedBulkRun(
  gateway: { deps: GatewayDeps; env: GatewayEnvironment; secrets: SigningSecrets },
  store: { journal: BulkJournal; history: HistoryRepository },
  file: string,
) {
  const environment = { id: 'bench', name: 'Bench' }
  let made: { source: BulkSource; job: BulkJob } | undefined
  const setup = await stretch(async () => {
    const source = await readBulkSource(file)
    const job = createBulkJob(store.journal, source, {
      environment,
      mapping: autoMapping(source.headers),
      profileType: null,
      concurrency: CONCURRENCY,
      rate: null,
    })
    made = { source, job }
    return source.rows.length
  })
  const { source, job } = made!
  const run = startBulkRun(job, {
    journal: store.journal,
    sendUpdate: sendRecurringUpdate,
    history: store.history,
    rowContext: connectionContexts(
      createSendingContext({
        environment,
        target: gateway.env,
        secrets: gateway.secrets,
        gateway: gateway.deps,
        history: store.history,
      }),
    ),
    inputOf: rowInputs(job, source),
    runner: thisProcess(),
  })
  // Before any row is taken: the workers see it before their first send.
  run.pause()
  return { run, setup }
}

/** Waits until `condition` holds, looking every 5 ms (a slice takes a second or more). */
async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5))
}

/**
 * The same updates as one bulk job, paused after each slice of rows while a bare loop of the same
 * size runs: each slice's ratio compares two runs side by side in time, so a machine that slows
 * down meanwhile slows both alike; the order alternates (bulk, bare, bare, bulk, …) so neither
 * always runs second.
 */
async function interleaved(
  gateway: { deps: GatewayDeps; env: GatewayEnvironment; secrets: SigningSecrets },
  name: string,
) {
  const db = openDatabase(join(dir, `${name}.sqlite`))
  const store = { journal: createBulkJournal(db), history: createHistoryRepository(db) }
  const bare = (slice: number, rows: number) =>
    stretch(() => bareLoop(`${name}${slice}`, rows, gateway.deps, gateway.env, gateway.secrets))
  try {
    // Warm-up, as the bare loop's: the bulk path compiled before it is measured.
    const warm = await pausedBulkRun(gateway, store, sourceFile(`${name}-warm`, 'WARM', 500))
    warm.run.resume()
    await warm.run.done
    const { run, setup } = await pausedBulkRun(gateway, store, sourceFile(name, 'BULK', ROWS))
    const finishedRows = () => {
      const { states } = run.progress()
      return states.done + states.unknown
    }
    const bulkSlice = (slice: number) =>
      stretch(async () => {
        const before = finishedRows()
        run.resume()
        if (slice < SLICES) {
          await until(() => finishedRows() >= (slice * ROWS) / SLICES)
          run.pause()
          await until(() => run.progress().states['in-flight'] === 0)
        } else {
          await run.done
        }
        return finishedRows() - before
      })
    const bulk: Stretch[] = []
    const bareSlices: Stretch[] = []
    for (let slice = 1; slice <= SLICES; slice++) {
      if (slice % 2 === 1) {
        bulk.push(await bulkSlice(slice))
        bareSlices.push(await bare(slice, ROWS / SLICES))
      } else {
        bareSlices.push(await bare(slice, ROWS / SLICES))
        bulk.push(await bulkSlice(slice))
      }
    }
    const done = run.progress()
    if ((done.outcomes['approved'] ?? 0) !== ROWS) {
      throw new Error(
        `the bulk run approved ${done.outcomes['approved'] ?? 0} of ${ROWS}: ${JSON.stringify(done.outcomes)}`,
      )
    }
    return { bulk, bare: bareSlices, setup }
  } finally {
    db.close()
  }
}

/** CPU a row over stretches. */
const cpuPerRow = (stretches: Stretch[], part: 'cpuMs' | 'systemMs' = 'cpuMs') =>
  stretches.reduce((sum, s) => sum + s[part], 0) / stretches.reduce((sum, s) => sum + s.rows, 0)

/** One interleaved measurement against a sandbox of its own, `latency` away (or on loopback). */
async function measure(name: string, latency: typeof LATENCY | undefined) {
  const sandbox = createEmbeddedSandbox({
    launch: forkLauncher,
    script,
    stateDir: join(dir, `sandbox-${name}`),
    faults: false,
    ...(latency && { latency }),
    onStarted: async () => undefined,
    logError: (message, error) => console.error(message, error),
  })
  try {
    const { baseUrl, connection } = await sandbox.start()
    const privateKey = createPrivateKey(readFileSync(connection.privateKeyFile, 'utf8'))
    const secrets: SigningSecrets = {
      controlKey: () => Promise.reject(new Error('not used')),
      rsaPrivateKey: async () => privateKey,
    }
    const env: GatewayEnvironment = {
      baseUrl,
      endpointId: connection.endpointId,
      merchantLogin: connection.merchantLogin,
      ...SPEC_PATHS,
      oauthInBody: true,
      extraCaPem: readFileSync(connection.caCertFile, 'utf8'),
    }
    const deps: GatewayDeps = { httpsPost, httpsPostToFile, now: Date.now, nonce: randomNonce }
    const loadBefore = load()
    await bareLoop(`WARM${name}`, 500, deps, env, secrets)
    const { bulk, bare, setup } = await interleaved({ deps, env, secrets }, name)
    const ratios = bulk.map((stretch, i) => perSecond(stretch) / perSecond(bare[i]!))
    for (const [i, ratio] of ratios.entries()) {
      console.log(
        `${name} slice ${i + 1}: bulk run ${perSecond(bulk[i]!).toFixed(0)} updates/s, bare loop ${perSecond(bare[i]!).toFixed(0)} updates/s, ratio ${ratio.toFixed(3)}`,
      )
    }
    console.log(
      `${name}: reading the file and creating the job took ${(setup.seconds * 1000).toFixed(0)} ms (${setup.cpuMs.toFixed(0)} ms of CPU for ${setup.rows} rows), not counted in the slices`,
    )
    return {
      ratio: median(ratios),
      bookkeepingMs: cpuPerRow(bulk) - cpuPerRow(bare),
      bookkeepingSystemMs: cpuPerRow(bulk, 'systemMs') - cpuPerRow(bare, 'systemMs'),
      bareCpuMs: cpuPerRow(bare),
      load: `load average ${loadBefore} before, ${load()} after`,
    }
  } finally {
    await sandbox.stop()
  }
}

try {
  const latency = `${LATENCY.meanMs} ms ± ${LATENCY.jitterMs} ms`
  const away = await measure('latency', LATENCY)
  const loopback = await measure('loopback', undefined)
  const ok = away.ratio >= TARGET
  const cpuOk = away.bookkeepingMs <= CPU_TARGET_MS
  console.log(
    `bulk run throughput (${ROWS} updates in ${SLICES} slices, concurrency ${CONCURRENCY}, gateway ${latency} away; ${away.load}): median ratio ${away.ratio.toFixed(3)} of the bare loop (target ≥ ${TARGET}) ${ok ? 'OK' : 'UNDER TARGET'}`,
  )
  console.log(
    `bookkeeping CPU a row (journal, history, rules; this process's CPU a bulk row less a bare one's ${away.bareCpuMs.toFixed(2)} ms): ${away.bookkeepingMs.toFixed(3)} ms, of it system ${away.bookkeepingSystemMs.toFixed(3)} ms (target ≤ ${CPU_TARGET_MS}) ${cpuOk ? 'OK' : 'OVER TARGET'}`,
  )
  console.log(
    `information: on loopback (no added latency, CPU-bound; ${loopback.load}) the median ratio is ${loopback.ratio.toFixed(3)}, bookkeeping ${loopback.bookkeepingMs.toFixed(3)} ms a row`,
  )
  if (!ok || !cpuOk) process.exitCode = 1
} finally {
  rmSync(dir, { recursive: true, force: true })
}
