// The sandbox's PDF report is drawn a page at a time: memory must not grow with the report, and
// time must grow no faster than its rows. Each size runs in a fresh sandbox process (the CLI's
// bundle, out/cli, forked as the tests fork it) whose peak RSS (VmHWM) is read after the download;
// a report ten times larger is compared with the smaller one in the same run. Linux only (/proc).
// Run with `node scripts/bench.mjs bench/sandbox-pdf.bench.ts [--rows N]` (default 100,000; the
// smaller report has a tenth).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { runReport } from '../main/platform/gateway/custom-report'
import { SPEC_PATHS } from '../main/platform/gateway/environment'
import { httpsPost, httpsPostToFile } from '../main/platform/gateway/https-transport'
import { randomNonce } from '../main/platform/gateway/oauth1'
import { createEmbeddedSandbox } from '../main/sandbox/process/embedded-sandbox'
import { forkLauncher } from '../main/platform/workers/fork-launcher'
import type { ProcessChannel } from '../main/platform/workers/process-channel'
import { scriptLocator } from '../main/platform/workers/script-ref'

// Positionals are scripts/bench.mjs's list of benchmarks.
const { values } = parseArgs({
  options: { rows: { type: 'string', default: '100000' } },
  allowPositionals: true,
})
const LARGE = Number(values.rows)
if (!Number.isInteger(LARGE) || LARGE < 1000)
  throw new Error('--rows takes a count of 1000 or more')
const SMALL = Math.round(LARGE / 10)
const TARGETS = { memory: 1.25, time: 1.3 }

const script = scriptLocator(join(process.cwd(), 'out', 'cli'))('sandbox-process')
if (script.execArgv.length > 0)
  throw new Error('out/cli has no sandbox-process.js: run through scripts/bench.mjs')

/** Peak resident memory of a process so far, in bytes. */
function peakRss(pid: number): number {
  const kib = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
  return Number(kib) * 1024
}

/** Downloads a PDF of `rows` rows from a fresh sandbox process: its time and that process's peak RSS. */
async function measure(rows: number) {
  const dir = mkdtempSync(join(tmpdir(), 'gatedesk-pdf-bench-'))
  let channel: ProcessChannel | undefined
  const sandbox = createEmbeddedSandbox({
    launch: (ref, args) => (channel = forkLauncher(ref, args)),
    script,
    stateDir: join(dir, 'sandbox'),
    faults: false,
    onStarted: async () => undefined,
    logError: (message, error) => console.error(message, error),
  })
  try {
    const { baseUrl, connection } = await sandbox.start()
    const controlKey = readFileSync(connection.controlKeyFile, 'utf8').trim()
    const started = performance.now()
    const result = await runReport(
      { httpsPost, httpsPostToFile, now: Date.now, nonce: randomNonce },
      {
        baseUrl,
        endpointId: connection.endpointId,
        merchantLogin: connection.merchantLogin,
        ...SPEC_PATHS,
        oauthInBody: true,
        extraCaPem: readFileSync(connection.caCertFile, 'utf8'),
      },
      { controlKey: async () => controlKey, rsaPrivateKey: () => Promise.reject(new Error()) },
      {
        reportIdentifier: 'transactions',
        reportEncode: 'UTF-8',
        reportName: 'Bench',
        reportCsvDelimiter: ',',
        reportFormat: 'PDF',
        configurationReportParameters: [],
        inputReportParameters: [{ type: 'INPUT_TEXT', name: 'rowCount', value: String(rows) }],
        outputReportParameters: [],
        filters: {},
      },
      { file: join(dir, 'report.pdf') },
    )
    const ms = performance.now() - started
    if (result.outcome !== 'report') throw new Error(`${rows} rows: ${result.message}`)
    return { ms, rss: peakRss(channel!.pid!), bytes: result.bytes }
  } finally {
    await sandbox.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

const mib = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MiB`
const small = await measure(SMALL)
const large = await measure(LARGE)
for (const [rows, run] of [
  [SMALL, small],
  [LARGE, large],
] as const) {
  console.log(
    `${rows} rows: ${(run.ms / 1000).toFixed(1)} s, ${mib(run.bytes)} of PDF, sandbox peak RSS ${mib(run.rss)}`,
  )
}
const ratios = { memory: large.rss / small.rss, time: large.ms / (10 * small.ms) }
let ok = true
for (const name of ['memory', 'time'] as const) {
  const within = ratios[name] <= TARGETS[name]
  ok &&= within
  const what = name === 'memory' ? 'peak RSS, 10× the rows' : 'time per row, 10× the rows'
  console.log(
    `${what}: ratio ${ratios[name].toFixed(3)} (target ≤ ${TARGETS[name]}) ${within ? 'OK' : 'OVER TARGET'}`,
  )
}
if (!ok) process.exitCode = 1
