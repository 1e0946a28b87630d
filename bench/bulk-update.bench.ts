// Bulk updates against a bare loop of signed requests: 10,000 updates at concurrency 8, the
// sandbox gateway in a process of its own (the CLI's bundle, out/cli, forked as the app forks
// it). The bare loop signs and sends each update with the gateway client and nothing else; the
// bulk run reads the rows from a CSV file, checks each with the rules, journals it and records it
// in history (each commit durable) before and after its send. Target: the bulk run's throughput
// at least 0.8× the bare loop's, measured in the same run. Run with `npm run bench:bulk`
// (`--rows N` for another count).
import { createPrivateKey } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { createBulkJob } from '../main/bulk/bulk-job'
import { startBulkRun } from '../main/bulk/bulk-run'
import { readBulkSource } from '../main/bulk/bulk-source'
import { autoMapping } from '../main/bulk/column-mapping'
import { rowInputs } from '../main/bulk/job-source'
import { SPEC_PATHS, type GatewayEnvironment } from '../main/gateway/environment'
import type { GatewayDeps, SigningSecrets } from '../main/gateway/gateway-client'
import { httpsPost, httpsPostToFile } from '../main/gateway/https-transport'
import { randomNonce } from '../main/gateway/oauth1'
import { updateRecurringPayment } from '../main/gateway/update-recurring-payment'
import { createSendingContext } from '../main/recurring/sending-context'
import { createEmbeddedSandbox } from '../main/sandbox/process/embedded-sandbox'
import { createBulkJournal } from '../main/store/bulk-journal-repository'
import { openDatabase } from '../main/store/database'
import { createHistoryRepository } from '../main/store/history-repository'
import { forkLauncher } from '../main/workers/fork-launcher'
import { scriptLocator } from '../main/workers/script-ref'

// Positionals are scripts/bench.mjs's list of benchmarks.
const { values } = parseArgs({
  options: { rows: { type: 'string', default: '10000' } },
  allowPositionals: true,
})
const ROWS = Number(values.rows)
if (!Number.isInteger(ROWS) || ROWS < 100) throw new Error('--rows takes a count of 100 or more')
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

/** The same updates as a bulk job from a CSV file, journaled, with history. Rows a second. */
async function bulkRun(
  run: string,
  deps: GatewayDeps,
  env: GatewayEnvironment,
  secrets: SigningSecrets,
) {
  const file = join(dir, `${run}.csv`)
  const lines = ['client-orderid,recurring-payment-id,amount,order_desc']
  for (let row = 0; row < ROWS; row++)
    lines.push(
      update(run, row)
        .map(([, v]) => v)
        .join(','),
    )
  writeFileSync(file, `${lines.join('\n')}\n`)
  const db = openDatabase(join(dir, `${run}.sqlite`))
  try {
    const journal = createBulkJournal(db)
    const history = createHistoryRepository(db)
    const started = performance.now()
    const source = await readBulkSource(file)
    const environment = { id: 'bench', name: 'Bench' }
    const job = createBulkJob(journal, source, {
      environment,
      mapping: autoMapping(source.headers),
      profileType: null,
      concurrency: CONCURRENCY,
      rate: null,
    })
    const done = await startBulkRun(job, {
      journal,
      history,
      context: createSendingContext({ environment, target: env, secrets, gateway: deps, history }),
      inputOf: rowInputs(job, source),
      runner: { pid: process.pid, host: hostname() },
    }).done
    const seconds = (performance.now() - started) / 1000
    if ((done.outcomes['approved'] ?? 0) !== ROWS) {
      throw new Error(
        `the bulk run approved ${done.outcomes['approved'] ?? 0} of ${ROWS}: ${JSON.stringify(done.outcomes)}`,
      )
    }
    return ROWS / seconds
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
  // Baseline on both sides of the bulk run, so a sandbox that slows as its state grows is fair.
  const before = await bareLoop('BARE1', ROWS, deps, env, secrets)
  const bulk = await bulkRun('BULK', deps, env, secrets)
  const after = await bareLoop('BARE2', ROWS, deps, env, secrets)
  const baseline = (before + after) / 2
  const ratio = bulk / baseline
  const ok = ratio >= TARGET
  console.log(
    `bare loop: ${before.toFixed(0)} and ${after.toFixed(0)} updates/s; bulk run: ${bulk.toFixed(0)} updates/s (${ROWS} updates, concurrency ${CONCURRENCY})`,
  )
  console.log(
    `bulk run throughput: ratio ${ratio.toFixed(3)} of the bare loop (target ≥ ${TARGET}) ${ok ? 'OK' : 'UNDER TARGET'}`,
  )
  if (!ok) process.exitCode = 1
} finally {
  await sandbox.stop()
  rmSync(dir, { recursive: true, force: true })
}
