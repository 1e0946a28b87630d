// Bulk updates against a bare loop of signed requests: 10,000 updates at concurrency 8, the
// sandbox gateway in a process of its own (the CLI's bundle, out/cli, forked as the app forks
// it). The bare loop signs and sends each update with the gateway client and nothing else; the
// bulk run reads the rows from a CSV file, checks each with the rules, journals it and records it
// in history (durably before it leaves) before and after its send. The bulk job is paused after
// each tenth of its rows while a bare loop of the same size runs, and the median of the ten
// side-by-side ratios is compared with the target: the bulk run's throughput at least 0.8× the
// bare loop's. Run with `npm run bench:bulk` (`--rows N` for another count).
import { sendRecurringUpdate } from '../main/recurring/send-core'
import { createPrivateKey } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { createBulkJob } from '../main/bulk/bulk-job'
import { startBulkRun } from '../main/bulk/bulk-run'
import { readBulkSource } from '../main/bulk/bulk-source'
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
import { createBulkJournal } from '../main/bulk/bulk-journal-repository'
import { openDatabase } from '../main/platform/db/database'
import { createHistoryRepository } from '../main/history/history-repository'
import { forkLauncher } from '../main/platform/workers/fork-launcher'
import { scriptLocator } from '../main/platform/workers/script-ref'
import { thisProcess } from '../main/platform/jobs/runner-process'

// Positionals are scripts/bench.mjs's list of benchmarks.
const { values } = parseArgs({
  options: { rows: { type: 'string', default: '10000' } },
  allowPositionals: true,
})
const ROWS = Number(values.rows)
const SLICES = 10
if (!Number.isInteger(ROWS) || ROWS < 500 || ROWS % SLICES !== 0)
  throw new Error('--rows takes a multiple of 10, 500 or more')
const CONCURRENCY = 8
const TARGET = 0.8
const PROFILES = ['100001', '100002', '100003']

const script = scriptLocator(join(process.cwd(), 'out', 'cli'))('sandbox-process')
if (script.execArgv.length > 0)
  throw new Error('out/cli has no sandbox-process.js: run through scripts/bench.mjs')

const dir = mkdtempSync(join(tmpdir(), 'gatedesk-bulk-bench-'))
const sandbox = createEmbeddedSandbox({
  launch: forkLauncher,
  script,
  stateDir: join(dir, 'sandbox'),
  faults: false,
  onStarted: async () => undefined,
  logError: (message, error) => console.error(message, error),
})

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
  const started = performance.now()
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  if (failures > 0) throw new Error(`the bare loop had ${failures} updates not approved`)
  return count / ((performance.now() - started) / 1000)
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/**
 * The same updates as one bulk job from a CSV file, journaled, with history, paused after each
 * slice of rows while a bare loop of the same size runs: each slice's ratio compares two runs
 * side by side in time, so a machine that slows down meanwhile slows both alike.
 */
async function interleaved(
  deps: GatewayDeps,
  env: GatewayEnvironment,
  secrets: SigningSecrets,
): Promise<{ bulk: number[]; bare: number[] }> {
  const file = join(dir, 'bulk.csv')
  const lines = ['client-orderid,recurring-payment-id,amount,order_desc']
  for (let row = 0; row < ROWS; row++) {
    lines.push(
      update('BULK', row)
        .map(([, v]) => v)
        .join(','),
    )
  }
  writeFileSync(file, `${lines.join('\n')}\n`)
  const db = openDatabase(join(dir, 'gatedesk.sqlite'))
  const bulk: number[] = []
  const bare: number[] = []
  const journal = createBulkJournal(db)
  try {
    const history = createHistoryRepository(db)
    let started = performance.now()
    const source = await readBulkSource(file)
    const environment = { id: 'bench', name: 'Bench' }
    const job = createBulkJob(journal, source, {
      environment,
      mapping: autoMapping(source.headers),
      profileType: null,
      concurrency: CONCURRENCY,
      rate: null,
    })
    const run = startBulkRun(job, {
      journal,
      sendUpdate: sendRecurringUpdate,
      history,
      rowContext: connectionContexts(
        createSendingContext({ environment, target: env, secrets, gateway: deps, history }),
      ),
      inputOf: rowInputs(job, source),
      runner: thisProcess(),
    })
    const finishedRows = () => {
      const { states } = run.progress()
      return states.done + states.unknown
    }
    const until = async (condition: () => boolean) => {
      while (!condition()) await new Promise((resolve) => setTimeout(resolve, 2))
    }
    for (let slice = 1; slice <= SLICES; slice++) {
      const before = finishedRows()
      if (slice < SLICES) {
        await until(() => finishedRows() >= (slice * ROWS) / SLICES)
        run.pause()
        await until(() => run.progress().states['in-flight'] === 0)
      } else {
        await run.done
      }
      bulk.push((finishedRows() - before) / ((performance.now() - started) / 1000))
      bare.push(await bareLoop(`BARE${slice}`, ROWS / SLICES, deps, env, secrets))
      started = performance.now()
      run.resume()
    }
    const done = run.progress()
    if ((done.outcomes['approved'] ?? 0) !== ROWS) {
      throw new Error(
        `the bulk run approved ${done.outcomes['approved'] ?? 0} of ${ROWS}: ${JSON.stringify(done.outcomes)}`,
      )
    }
    return { bulk, bare }
  } finally {
    db.close()
  }
}

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
  await bareLoop('WARM', 500, deps, env, secrets)
  const { bulk, bare } = await interleaved(deps, env, secrets)
  const ratios = bulk.map((rate, i) => rate / bare[i]!)
  for (const [i, ratio] of ratios.entries()) {
    console.log(
      `slice ${i + 1}: bulk run ${bulk[i]!.toFixed(0)} updates/s, bare loop ${bare[i]!.toFixed(0)} updates/s, ratio ${ratio.toFixed(3)}`,
    )
  }
  const ratio = median(ratios)
  const ok = ratio >= TARGET
  console.log(
    `bulk run throughput (${ROWS} updates in ${SLICES} slices, concurrency ${CONCURRENCY}): median ratio ${ratio.toFixed(3)} of the bare loop (target ≥ ${TARGET}) ${ok ? 'OK' : 'UNDER TARGET'}`,
  )
  if (!ok) process.exitCode = 1
} finally {
  await sandbox.stop()
  rmSync(dir, { recursive: true, force: true })
}
