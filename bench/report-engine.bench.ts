// The report engine on the sandbox's generated transactions report (every quoting edge case),
// each time against a bare quote-aware byte scan of the same file measured in the same run (read
// in 8 MiB chunks, toggle on `"`, count line feeds outside quotes), and memory against the file's
// size. The index worker and the query process run the CLI's bundle (scripts/bench.mjs builds
// it), as the app runs its own. The file is written once and read from the page cache by all.
//
//   npm run bench:reports [-- --rows N]   the targets, on 1,000,000 rows (~136 MB) by default
//   npm run bench:reports -- --scale      10M rows (~1.4 GB): open, last row, sort, totals; the
//                                         pivot (Currency × type × day) against its target only
//
// Each query measurement starts a fresh query engine on a report already open and indexed, and
// asks at once: the engine starts its query process only once a report is indexed and idle for
// a second (see README, "Reports: the engine"), so here the query starts it, and the measurement
// includes the process's and DuckDB's start, loading the columns the query needs from the file,
// and the query itself: the sort is setQuery(Amount) + rows(0, 100); the totals are the first
// totals() of the unsorted view (loads Amount, Currency, Transaction_type and Transaction_id), as
// when the user asks for them before any sort. Reference lines show the same sort in a process
// started ahead (the report left idle first), and warm runs.
//
// Memory: each round starts after a forced garbage collection, so that a round is not charged
// with what closed reports of earlier rounds left for the collector; the peak of a round is the
// process's whole RSS (its VmHWM), idle process included, and the engine's share above the idle
// process is printed beside it. That process is this benchmark alone (scripts/bench.mjs runs it
// apart from the build); the sandbox's generator loads only in the child that writes the report,
// and each bare scan reads into a buffer of its own, let go after it.
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { RowScanner } from '../main/platform/csv/row-scanner'
import { createJobRunner } from '../main/platform/jobs/job-runner'
import { forkLauncher } from '../main/platform/workers/fork-launcher'
import type { ProcessChannel } from '../main/platform/workers/process-channel'
import { createQueryEngine } from '../main/reports/query/query-client'
import { createReportService } from '../main/reports/report-service'
import type { ReportSession } from '../main/reports/report-session'
import { scriptLocator } from '../main/platform/workers/script-ref'
import type { PivotRequest } from '../preload/contract/reports/report-pivot'
import type { ViewQuery } from '../preload/contract/reports/report-view'
import { median } from './measure'
import {
  generatedTransactionId,
  generateIfAsked,
  generateReport,
  PeakMemory,
  processMemory,
} from './report-fixture'

const DEFAULT_ROWS = 1_000_000
const SCALE_ROWS = 10_000_000
const WINDOW_ROWS = 100
const VIEW_ROUNDS = 5
const WINDOWS_PER_ROUND = 20
const QUERY_ROUNDS = 5

const TARGETS = {
  head: 0.05,
  index: 1.5,
  window: 0.01,
  sort: 3,
  totals: 3,
  /** At 10M rows (--scale): Currency × Transaction_type × day of Created_date, Amount summed. */
  pivot: 3,
  viewingRss: 1.0,
  queryRss: 2.5,
}

const CHUNK_BYTES = 8 * 1024 * 1024
const QUOTE = 0x22
const LF = 0x0a

/**
 * The read buffer of a scan, its pages touched before the scan is timed. Each scan has its own,
 * let go after it: the baseline's buffer is no part of the engine's memory measured here.
 */
const readBuffer = () => Buffer.alloc(CHUNK_BYTES)

/** The baseline: lines that end outside quotes, read in 8 MiB chunks. */
function bareScan(file: string, chunk: Buffer): number {
  const fd = openSync(file, 'r')
  let lines = 0
  let quoted = false
  try {
    for (let bytesRead; (bytesRead = readSync(fd, chunk, 0, CHUNK_BYTES, null)) > 0;) {
      for (let i = 0; i < bytesRead; i++) {
        const byte = chunk[i]!
        if (byte === QUOTE) quoted = !quoted
        else if (byte === LF && !quoted) lines++
      }
    }
  } finally {
    closeSync(fd)
  }
  return lines
}

/** For reference: the engine's row scanner alone, fed the same chunks in this thread. */
function rowScannerScan(file: string, chunk: Buffer): number {
  const scanner = new RowScanner({ delimiter: ','.charCodeAt(0), maxProblems: 1000 })
  const fd = openSync(file, 'r')
  try {
    for (let bytesRead; (bytesRead = readSync(fd, chunk, 0, CHUNK_BYTES, null)) > 0;) {
      scanner.feed(chunk.subarray(0, bytesRead))
    }
  } finally {
    closeSync(fd)
  }
  return scanner.finish().rowCount
}

// scripts/bench.mjs runs this in its own process, without --expose-gc: expose it now.
setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as () => void

/** A full collection, twice (the second frees what the first's finalizers let go), then a pause. */
async function settle(): Promise<void> {
  collectGarbage()
  collectGarbage()
  await new Promise((resolve) => setTimeout(resolve, 100))
}

const ms = (value: number) =>
  value >= 10_000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(1)} ms`
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`

/** Prints one result line; returns whether the ratio is within its target. */
function line(
  name: string,
  measured: number,
  baseline: number,
  target: number,
  format: (value: number) => string,
  baselineName = 'bare scan',
): boolean {
  const ratio = measured / baseline
  const ok = ratio <= target
  console.log(
    `${name}: ratio ${ratio.toFixed(3)} (target ≤ ${target}) ${ok ? 'OK' : 'MISS'}` +
      ` — GateDesk ${format(measured)}, ${baselineName} ${format(baseline)}`,
  )
  return ok
}

function reference(name: string, measured: number, baseline: number) {
  console.log(
    `(reference) ${name}: ratio ${(measured / baseline).toFixed(3)} — GateDesk ${ms(measured)}, bare scan ${ms(baseline)}`,
  )
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now()
  const value = await run()
  return { value, ms: performance.now() - start }
}

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`wrong result: ${what}`)
}

/** A deterministic pseudo-random sequence (so every run reads the same windows). */
function randomInts(seed: number) {
  let state = seed >>> 0
  return (below: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return Math.floor((state / 2 ** 32) * below)
  }
}

/**
 * Everything a report needs, as the CLI wires it, with the query process's pid at hand.
 * `cold`: the query process starts only with the first query, never ahead of it.
 */
function startEngine(workRoot: string, { cold = false } = {}) {
  const cliDir = join(process.cwd(), 'out', 'cli')
  const scripts = scriptLocator(cliDir)
  for (const name of ['row-index-worker', 'query-process', 'column-extract-worker'] as const) {
    if (scripts(name).execArgv.length > 0) {
      throw new Error(`${cliDir} has no ${name}.js: run through scripts/bench.mjs, which builds it`)
    }
  }
  const channels: ProcessChannel[] = []
  const jobs = createJobRunner({ progress: () => {}, finished: () => {} })
  const queryEngine = createQueryEngine({
    launch: (script, args) => {
      const channel = forkLauncher(script, args)
      channels.push(channel)
      return channel
    },
    script: scripts('query-process'),
    scratchRoot: workRoot,
  })
  const reports = createReportService({
    jobs,
    indexWorker: scripts('row-index-worker'),
    queryEngine: cold ? { ...queryEngine, warm: () => {} } : queryEngine,
    workRoot,
  })
  const queryPids = () => channels.map((channel) => channel.pid).filter((pid) => pid !== undefined)
  return {
    reports,
    queryPids,
    async close() {
      await reports.closeAll()
      const pids = queryPids()
      queryEngine.close()
      await gone(pids)
    },
  }
}

/** Waits until these processes have exited, so that the next round has both cores. */
async function gone(pids: readonly number[]) {
  const deadline = Date.now() + 10_000
  while (pids.some((pid) => existsSync(`/proc/${pid}`)) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

type Engine = ReturnType<typeof startEngine>

async function openIndexed(engine: Engine, file: string): Promise<ReportSession> {
  const { reportId } = await engine.reports.open(file)
  const session = engine.reports.get(reportId)
  await session.indexed
  return session
}

function checkWindow(rows: string[][], from: number, what: string) {
  check(rows.length > 0, `${what}: no rows`)
  rows.forEach((row, offset) => {
    check(row.length === 9, `${what}: row ${from + offset} has ${row.length} fields`)
    check(
      row[1] === generatedTransactionId(from + offset),
      `${what}: row ${from + offset} is transaction ${row[1]}`,
    )
  })
}

function checkAscending(rows: string[][], amount: number, what: string) {
  for (let i = 1; i < rows.length; i++) {
    check(Number(rows[i - 1]![amount]) <= Number(rows[i]![amount]), `${what}: not by Amount`)
  }
}

const sortByAmount = (amount: number): ViewQuery => ({
  sort: [{ column: amount, descending: false }],
  filters: [],
})

/** Baseline and candidate alternate which goes first, so that noise hits both alike. */
async function round<T>(
  index: number,
  baseline: () => void,
  candidate: () => Promise<T>,
): Promise<T> {
  if (index % 2 === 0) baseline()
  const result = await candidate()
  if (index % 2 === 1) baseline()
  return result
}

async function targets(file: string, rows: number, workRoot: string): Promise<boolean> {
  const fileSize = statSync(file).size
  const baselines = { view: [] as number[], sort: [] as number[], totals: [] as number[] }
  const scan = (into: number[]) => () => {
    const chunk = readBuffer()
    const start = performance.now()
    const lines = bareScan(file, chunk)
    into.push(performance.now() - start)
    check(lines === rows + 1, `the bare scan counted ${lines} lines`)
  }

  // Viewing: open → first rows, open → indexed, 100-row windows; this process's memory.
  const heads: number[] = []
  const indexes: number[] = []
  const windows: number[] = []
  const viewingPeaks: number[] = []
  const random = randomInts(42)
  scan([])() // warm-up
  await settle()
  const idle = process.memoryUsage.rss()
  for (let i = 0; i < VIEW_ROUNDS; i++) {
    await round(i, scan(baselines.view), async () => {
      await settle()
      const engine = startEngine(workRoot)
      const viewing = new PeakMemory()
      viewing.start()
      const start = performance.now()
      const { reportId, head } = await engine.reports.open(file)
      heads.push(performance.now() - start)
      checkWindow(head.rows, 0, 'first rows')
      const session = engine.reports.get(reportId)
      await session.indexed
      indexes.push(performance.now() - start)
      check(session.state().fileRowCount === rows, `indexed ${session.state().fileRowCount} rows`)
      for (let w = 0; w < WINDOWS_PER_ROUND; w++) {
        const from = random(rows - WINDOW_ROWS + 1)
        const window = await timed(() => session.rows(from, from + WINDOW_ROWS))
        windows.push(window.ms)
        checkWindow(window.value, from, 'window')
      }
      viewing.stop()
      viewingPeaks.push(viewing.self)
      await engine.close()
    })
  }

  // Sorting and filtering: a fresh query process each round; this process + it, memory.
  const sorts: number[] = []
  const sortsWarm: number[] = []
  const filters: number[] = []
  let queryPeak = 0
  let querySelfPeak = 0
  let querySampledPeak = 0
  const childPeak = { sort: 0, totals: 0 }
  const trackQuery = (peak: PeakMemory, phase: keyof typeof childPeak) => {
    queryPeak = Math.max(queryPeak, peak.selfPlusChildPeaks)
    querySelfPeak = Math.max(querySelfPeak, peak.self)
    querySampledPeak = Math.max(querySampledPeak, peak.together)
    childPeak[phase] = Math.max(childPeak[phase], ...peak.childPeaks.values())
  }
  for (let i = 0; i < QUERY_ROUNDS; i++) {
    await round(i, scan(baselines.sort), async () => {
      await settle()
      const engine = startEngine(workRoot)
      const session = await openIndexed(engine, file)
      const amount = session.head.columns.indexOf('Amount')
      const currency = session.head.columns.indexOf('Currency')
      const peak = new PeakMemory(engine.queryPids)
      peak.start()
      const sort = await timed(async () => {
        const state = await session.setQuery(sortByAmount(amount))
        return { state, rows: await session.rows(0, WINDOW_ROWS) }
      })
      sorts.push(sort.ms)
      check(sort.value.state.rowCount === rows, 'sorted view rows')
      check(sort.value.rows[0]![1] === generatedTransactionId(0), 'the smallest Amount first')
      checkAscending(sort.value.rows, amount, 'sort')
      const again = await timed(async () => {
        await session.setQuery({ sort: [{ column: amount, descending: true }], filters: [] })
        return session.rows(0, WINDOW_ROWS)
      })
      sortsWarm.push(again.ms)
      const usd = await timed(async () => {
        const state = await session.setQuery({
          ...sortByAmount(amount),
          filters: [{ kind: 'equals', column: currency, value: 'USD' }],
        })
        return { state, rows: await session.rows(0, WINDOW_ROWS) }
      })
      filters.push(usd.ms)
      check(usd.value.state.rowCount === Math.floor((rows + 2) / 4), 'USD rows')
      check(
        usd.value.rows.every((row) => row[currency] === 'USD'),
        'the filter keeps USD rows only',
      )
      checkAscending(usd.value.rows, amount, 'filtered sort')
      peak.stop()
      trackQuery(peak, 'sort')
      await engine.close()
    })
  }

  // Totals per currency: the first totals() of the unsorted view in a fresh query process.
  const totals: number[] = []
  const totalsWarm: number[] = []
  for (let i = 0; i < QUERY_ROUNDS; i++) {
    await round(i, scan(baselines.totals), async () => {
      await settle()
      const engine = startEngine(workRoot)
      const session = await openIndexed(engine, file)
      const peak = new PeakMemory(engine.queryPids)
      peak.start()
      const first = await timed(() => session.totals())
      totals.push(first.ms)
      const { rowCount, amountByCurrency } = first.value
      check(rowCount === rows, `totals of ${rowCount} rows`)
      check(amountByCurrency !== null && amountByCurrency.length === 4, 'four currencies')
      check(amountByCurrency!.reduce((sum, group) => sum + group.count, 0) === rows, 'counts')
      totalsWarm.push((await timed(() => session.totals())).ms)
      peak.stop()
      trackQuery(peak, 'totals')
      await engine.close()
    })
  }

  // For reference, where the time goes: the scanner without its thread, and the query process's
  // start (a sort of a one-row report in a fresh process).
  const scannerAlone: number[] = []
  for (let i = 0; i < 3; i++) {
    const chunk = readBuffer()
    const start = performance.now()
    check(rowScannerScan(file, chunk) === rows, 'the row scanner alone')
    scannerAlone.push(performance.now() - start)
  }
  const tiny = join(workRoot, 'one-row.csv')
  writeFileSync(tiny, '"Amount","Currency"\r\n"1.000","EUR"\r\n')
  const starts: number[] = []
  for (let i = 0; i < 3; i++) {
    const engine = startEngine(workRoot, { cold: true })
    const session = await openIndexed(engine, tiny)
    starts.push((await timed(() => session.setQuery(sortByAmount(0)))).ms)
    await engine.close()
  }
  // The sort in a query process started ahead: the report left idle after indexing, as a user
  // reads it before sorting; and that process's memory while it waits.
  const startedSorts: number[] = []
  const idleQuery: number[] = []
  for (let i = 0; i < 3; i++) {
    await settle()
    const engine = startEngine(workRoot)
    const session = await openIndexed(engine, file)
    const amount = session.head.columns.indexOf('Amount')
    const deadline = Date.now() + 10_000
    while (engine.queryPids().length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    // Started: give it time to open DuckDB.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    for (const pid of engine.queryPids()) idleQuery.push(processMemory(pid)?.rss ?? 0)
    const sort = await timed(async () => {
      await session.setQuery(sortByAmount(amount))
      return session.rows(0, WINDOW_ROWS)
    })
    checkAscending(sort.value, amount, 'sort in a process started ahead')
    startedSorts.push(sort.ms)
    await engine.close()
  }

  const base = {
    view: median(baselines.view),
    sort: median(baselines.sort),
    totals: median(baselines.totals),
  }
  console.log(
    `${rows.toLocaleString('en')} rows, ${mb(fileSize)}; bare scan medians ${ms(base.view)}, ` +
      `${ms(base.sort)}, ${ms(base.totals)} (${((fileSize / base.view / 1e3) | 0).toLocaleString('en')} MB/s)`,
  )
  const ok = [
    line(
      `first ${WINDOW_ROWS} rows visible, open() → head (median of ${VIEW_ROUNDS}) vs bare scan`,
      median(heads),
      base.view,
      TARGETS.head,
      ms,
    ),
    line(
      `full index, open() → indexed (median of ${VIEW_ROUNDS}) vs bare scan`,
      median(indexes),
      base.view,
      TARGETS.index,
      ms,
    ),
    line(
      `any ${WINDOW_ROWS}-row window after indexing (median of ${windows.length} random) vs bare scan`,
      median(windows),
      base.view,
      TARGETS.window,
      ms,
    ),
    line(
      `sort by Amount, asked as soon as the report is indexed (the query process starts with it): setQuery + rows(0, ${WINDOW_ROWS}) (median of ${QUERY_ROUNDS}) vs bare scan`,
      median(sorts),
      base.sort,
      TARGETS.sort,
      ms,
    ),
    line(
      `totals per currency, first totals() of the unsorted view, asked as soon as the report is indexed (the query process starts with it) (median of ${QUERY_ROUNDS}) vs bare scan`,
      median(totals),
      base.totals,
      TARGETS.totals,
      ms,
    ),
    line(
      'peak RSS while viewing (this process, whole RSS, in a round after a forced GC: open, index, windows; max of rounds) vs file size',
      Math.max(...viewingPeaks),
      fileSize,
      TARGETS.viewingRss,
      mb,
      'file',
    ),
    line(
      'peak RSS while sorted/filtered (this process + query process, each at its peak) vs file size',
      queryPeak,
      fileSize,
      TARGETS.queryRss,
      mb,
      'file',
    ),
  ].every(Boolean)
  reference('the row scanner alone, in this thread (median of 3)', median(scannerAlone), base.view)
  reference(
    'query process start, cold: sort of a 1-row report (median of 3)',
    median(starts),
    base.sort,
  )
  reference(
    `sort by Amount in a query process started ahead (report idle after indexing, no data loaded), setQuery + rows(0, ${WINDOW_ROWS}) (median of 3)`,
    median(startedSorts),
    base.sort,
  )
  reference('largest window', Math.max(...windows), base.view)
  reference('sort by Amount descending, same process (Amount loaded)', median(sortsWarm), base.sort)
  reference(
    'filter Currency = USD + sort by Amount + rows(0, 100), same process (loads Currency)',
    median(filters),
    base.sort,
  )
  reference('totals again, same process', median(totalsWarm), base.totals)
  console.log(
    `(reference) this process: ${mb(idle)} idle before the first open; peak while viewing, by ` +
      `round: ${viewingPeaks.map(mb).join(', ')}; the engine's share above idle: ` +
      `${mb(Math.max(...viewingPeaks) - idle)} at most`,
  )
  console.log(
    `(reference) a query process started ahead, idle with no report data: ` +
      `${mb(median(idleQuery))} RSS (median of ${idleQuery.length})`,
  )
  console.log(
    `(reference) this process alone peaked at ${mb(querySelfPeak)} while sorting, filtering and totalling`,
  )
  console.log(
    `(reference) query process alone peaked at ${mb(childPeak.sort)} sorting and filtering, ` +
      `${mb(childPeak.totals)} in totals; sampled every 20 ms, this ` +
      `process + it peaked together at ${mb(querySampledPeak)}`,
  )
  return ok
}

/** The pivot of the target: Currency × Transaction_type × day of Created_date. */
function currencyTypeDay(columns: readonly string[]): PivotRequest {
  const at = (name: string) => columns.indexOf(name)
  return {
    groupBy: [
      { column: at('Currency') },
      { column: at('Transaction_type') },
      { column: at('Created_date'), bucket: 'day' },
    ],
    measures: [{ column: at('Amount'), kind: 'sum' }],
    netSigns: [],
  }
}

/**
 * The 10M-row check: every step must finish; times and memory are printed, not targeted, but
 * for the pivot's ratio to the bare scan.
 */
async function scale(file: string, rows: number, workRoot: string): Promise<boolean> {
  const fileSize = statSync(file).size
  let ok = true
  const step = async <T>(name: string, run: () => Promise<T>): Promise<T | null> => {
    try {
      const result = await timed(run)
      console.log(`${name}: ${ms(result.ms)}`)
      return result.value
    } catch (error) {
      ok = false
      console.log(`${name}: FAILED — ${error instanceof Error ? error.message : String(error)}`)
      return null
    }
  }
  let bare = 0
  await step('bare scan (reference)', async () => {
    const chunk = readBuffer()
    const start = performance.now()
    const lines = bareScan(file, chunk)
    bare = performance.now() - start
    check(lines === rows + 1, `the bare scan counted ${lines} lines`)
  })
  const engine = startEngine(workRoot)
  try {
    const viewing = new PeakMemory()
    viewing.start()
    const start = performance.now()
    const opened = await step('open() → head', () => engine.reports.open(file))
    if (!opened) return false
    const session = engine.reports.get(opened.reportId)
    const indexed = await step('head → indexed', () => session.indexed.then(() => true))
    if (!indexed) return false
    console.log(`open() → indexed: ${ms(performance.now() - start)}`)
    const last = await step('last row', async () => {
      const window = await session.rows(rows - 1, rows)
      checkWindow(window, rows - 1, 'last row')
    })
    const random = randomInts(7)
    const windows: number[] = []
    if (last !== null) {
      for (let w = 0; w < WINDOWS_PER_ROUND; w++) {
        const from = random(rows - WINDOW_ROWS + 1)
        const window = await timed(() => session.rows(from, from + WINDOW_ROWS))
        checkWindow(window.value, from, 'window')
        windows.push(window.ms)
      }
      console.log(`${WINDOW_ROWS}-row windows: median ${ms(median(windows))}`)
    }
    viewing.stop()
    console.log(`peak RSS while viewing (this process): ${mb(viewing.self)}`)

    const amount = session.head.columns.indexOf('Amount')
    const peak = new PeakMemory(engine.queryPids)
    peak.start()
    let pivotMs = 0
    const pivoted = await step('pivot, fresh query process', async () => {
      const pivot = await timed(() => session.pivot(currencyTypeDay(session.head.columns)))
      pivotMs = pivot.ms
      const counted = pivot.value.groups.reduce((sum, group) => sum + group.count, 0)
      check(counted === rows, `the pivot's groups count ${counted} rows`)
    })
    if (pivoted !== null) {
      const name =
        'pivot Currency × Transaction_type × day of Created_date, sum of Amount, in a fresh query process, vs bare scan'
      ok = line(name, pivotMs, bare, TARGETS.pivot, ms) && ok
    }
    await step('sort by Amount: setQuery + rows(0, 100)', async () => {
      const state = await session.setQuery(sortByAmount(amount))
      check(state.rowCount === rows, 'sorted view rows')
      const sorted = await session.rows(0, WINDOW_ROWS)
      checkAscending(sorted, amount, 'sort')
      const tail = await session.rows(rows - WINDOW_ROWS, rows)
      checkAscending(tail, amount, 'sort (last window)')
    })
    await step('totals of the sorted view', async () => {
      const totals = await session.totals()
      check(totals.rowCount === rows, `totals of ${totals.rowCount} rows`)
    })
    peak.stop()
    const childPeak = Math.max(0, ...peak.childPeaks.values())
    console.log(
      `peak RSS while sorted (this process + query process, each at its peak): ` +
        `${mb(peak.selfPlusChildPeaks)} (query process ${mb(childPeak)}); file ${mb(fileSize)}`,
    )
    const alive = engine.queryPids().every((pid) => processMemory(pid) !== null)
    if (!alive) {
      ok = false
      console.log('the query process is gone: it ran out of memory or crashed')
    }
  } finally {
    await engine.close()
  }
  return ok
}

async function main(): Promise<boolean> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { rows: { type: 'string' }, scale: { type: 'boolean' } },
    allowPositionals: true,
    strict: true,
  })
  const rows = values.scale ? SCALE_ROWS : Number(values.rows ?? DEFAULT_ROWS)
  if (!Number.isInteger(rows) || rows < 1000)
    throw new Error('--rows takes a count of 1000 or more')
  const workRoot = mkdtempSync(join(tmpdir(), 'gatedesk-report-bench-'))
  try {
    const file = join(workRoot, `transactions-${rows}.csv`)
    const written = await timed(() => generateReport(fileURLToPath(import.meta.url), file, rows))
    console.log(
      `generated ${rows.toLocaleString('en')} rows (${mb(statSync(file).size)}) with the sandbox's ` +
        `generator in ${ms(written.ms)}`,
    )
    return values.scale ? await scale(file, rows, workRoot) : await targets(file, rows, workRoot)
  } finally {
    rmSync(workRoot, { recursive: true, force: true })
  }
}

if (!(await generateIfAsked())) {
  try {
    process.exitCode = (await main()) ? 0 : 1
  } catch (error) {
    console.error(error)
    process.exitCode = 1
  }
}
