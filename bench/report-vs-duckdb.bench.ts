// GateDesk's `report-view` against DuckDB querying the same CSV file itself, whole processes from
// the file on disk to the answer, in the same run: each operation runs as a pair of commands, in
// turns (A B, then B A), and the ratio is the median of the pairs' ratios, so that the machine's
// drift hits both alike. A is the command line as a user runs it (bin/gatedesk.js: Node, the
// CLI's bundle, the row index, the query process and DuckDB); B is Node running one DuckDB query
// through @duckdb/node-api on the report file (this script, in a child process of its own).
//
//   npm run bench:duckdb [-- --rows N] [-- --runs N]   1,000,000 rows (~136 MB) by default
//   GATEDESK_BENCH_SCALE=1 npm run bench:duckdb          10,000,000 rows (~1.4 GB) as well
//   npm run bench:duckdb -- --file F --rows N            a report generated before, of N rows
//   npm run bench:duckdb -- --ops pivot,totals           only these operations
//
// Targets: sort, filter, totals and the pivot (Currency × Transaction_type × day of
// Created_date, Amount summed, rows counted) each ≤ 1.2 × DuckDB's own query; the last window ≤ 0.3 ×
// DuckDB's OFFSET at 10M rows (printed for reference below that: the index, which makes it fast,
// costs about as much as DuckDB's OFFSET on a small file). The peak memory of A's processes together (sampled every 20 ms from /proc) is
// printed against the file's size (the engine keeps it ≤ 1.0 at 10M rows).
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { median } from './measure'
import { generateIfAsked, generateReport, processMemory } from './report-fixture'

const DEFAULT_ROWS = 1_000_000
const SCALE_ROWS = 10_000_000
const DEFAULT_RUNS = 5
/** Set in the child that runs DuckDB's query: `{"op", "file"}`. */
const DUCKDB_ENV = 'GATEDESK_BENCH_DUCKDB'
/** The command line as users run it (npm runs benchmarks from the project's folder). */
const CLI = join(process.cwd(), 'bin', 'gatedesk.js')

/** DuckDB's own way to each answer, on the file as it is (its types guessed, Amount as text). */
function duckdbQueries(op: Operation, file: string, rows: number): string[] {
  const csv = `read_csv('${file.replaceAll("'", "''")}', all_varchar = true)`
  const amount = 'TRY_CAST(Amount AS DECIMAL(18, 3))'
  switch (op) {
    case 'sort':
      return [`SELECT * FROM ${csv} ORDER BY ${amount} LIMIT 100`]
    case 'filter':
      // The count and the first 100 rows, in one read of the file.
      return [`SELECT count(*) OVER () AS n, * FROM ${csv} WHERE Currency = 'EUR' LIMIT 100`]
    case 'totals':
      return [
        `SELECT Currency, Transaction_type, sum(${amount}), count(*) FROM ${csv} ` +
          'GROUP BY GROUPING SETS ((), (Currency), (Transaction_type))',
      ]
    case 'pivot':
      return [
        `SELECT Currency, Transaction_type, TRY_CAST(Created_date AS TIMESTAMP)::DATE AS day, ` +
          `sum(${amount}), count(*) FROM ${csv} GROUP BY ALL ORDER BY ALL`,
      ]
    case 'last':
      return [`SELECT * FROM ${csv} OFFSET ${rows - 100}`]
  }
}

/** The same answers from GateDesk's command line. */
function gatedeskArgs(op: Operation, file: string, rows: number): string[] {
  const view = ['report-view', file]
  switch (op) {
    case 'sort':
      return [...view, '--sort', 'Amount', '--rows', '1:100']
    case 'filter':
      return [...view, '--filter', 'Currency=EUR', '--rows', '1:100']
    case 'totals':
      return [...view, '--totals', '--rows', '1:100']
    case 'pivot':
      return [
        ...view,
        ...['--group-by', 'Currency,Transaction_type,Created_date', '--bucket', 'Created_date:day'],
        ...['--measure', 'sum:Amount', '--rows', '1:100'],
      ]
    case 'last':
      return [...view, '--rows', `${rows - 99}:${rows}`]
  }
}

type Operation = 'sort' | 'filter' | 'totals' | 'pivot' | 'last'
const TARGETS: Record<Operation, number> = {
  sort: 1.2,
  filter: 1.2,
  totals: 1.2,
  pivot: 1.2,
  last: 0.3,
}

/** In DuckDB's child: runs the query and prints how many rows it gave. */
async function duckdbIfAsked(): Promise<boolean> {
  const asked = process.env[DUCKDB_ENV]
  if (asked === undefined) return false
  const { op, file, rows } = JSON.parse(asked) as { op: Operation; file: string; rows: number }
  const { DuckDBInstance } = await import('@duckdb/node-api')
  const connection = await (await DuckDBInstance.create(':memory:', { threads: '2' })).connect()
  for (const sql of duckdbQueries(op, file, rows)) {
    const reader = await connection.runAndReadAll(sql)
    console.log(reader.getRows().length)
  }
  return true
}

/** The processes of `pid`'s tree (its children, theirs…), itself first. */
function processTree(pid: number): number[] {
  const children = (id: number): number[] => {
    try {
      const tasks = readFileSync(`/proc/${id}/task/${id}/children`, 'utf8').trim()
      return tasks === '' ? [] : tasks.split(' ').map(Number)
    } catch {
      return []
    }
  }
  const tree = [pid]
  for (let at = 0; at < tree.length; at++) tree.push(...children(tree[at]!))
  return tree
}

/**
 * Runs a command to its end: its wall time, and the largest sum of its processes' RSS sampled
 * every 20 ms (each process's own peak, VmHWM, taken when it is larger than the samples).
 */
function runCommand(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ seconds: number; peakBytes: number }> {
  return new Promise((resolve, reject) => {
    const start = performance.now()
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit'] })
    let peakBytes = 0
    const peaks = new Map<number, number>()
    const sample = () => {
      let together = 0
      for (const pid of processTree(child.pid!)) {
        const memory = processMemory(pid)
        if (!memory) continue
        together += memory.rss
        peaks.set(pid, Math.max(peaks.get(pid) ?? 0, memory.peak))
      }
      peakBytes = Math.max(peakBytes, together)
    }
    const timer = setInterval(sample, 20)
    child.once('error', reject)
    child.once('exit', (code, signal) => {
      clearInterval(timer)
      const seconds = (performance.now() - start) / 1000
      if (code !== 0) reject(new Error(`${args.join(' ')} failed (${signal ?? `exit ${code}`})`))
      // A process's own peak bounds the samples from below only for the process alone.
      else resolve({ seconds, peakBytes: Math.max(peakBytes, ...peaks.values()) })
    })
  })
}

async function compareOperation(op: Operation, file: string, rows: number, runs: number) {
  const gatedesk = () => runCommand([CLI, ...gatedeskArgs(op, file, rows)], process.env)
  const duckdb = () =>
    runCommand([fileURLToPath(import.meta.url)], {
      ...process.env,
      [DUCKDB_ENV]: JSON.stringify({ op, file, rows }),
    })
  await gatedesk()
  await duckdb()
  const ratios: number[] = []
  const ours: number[] = []
  const theirs: number[] = []
  let peak = 0
  for (let run = 0; run < runs; run++) {
    // Each goes first in every other pair: neither always runs on the other's warm caches.
    const first = run % 2 === 0 ? await gatedesk() : await duckdb()
    const second = run % 2 === 0 ? await duckdb() : await gatedesk()
    const [a, b] = run % 2 === 0 ? [first, second] : [second, first]
    ratios.push(a.seconds / b.seconds)
    ours.push(a.seconds)
    theirs.push(b.seconds)
    peak = Math.max(peak, a.peakBytes)
  }
  return { ratio: median(ratios), ours: median(ours), theirs: median(theirs), peak }
}

async function measureFile(
  rows: number,
  runs: number,
  ops: readonly Operation[],
  given?: string,
): Promise<boolean> {
  const workRoot = mkdtempSync(join(tmpdir(), 'gatedesk-duckdb-bench-'))
  try {
    const file = given ?? join(workRoot, `transactions-${rows}.csv`)
    if (!given) await generateReport(fileURLToPath(import.meta.url), file, rows)
    const size = statSync(file).size
    console.log(
      `${rows.toLocaleString('en')} rows, ${(size / 2 ** 20).toFixed(0)} MiB, ${runs} pairs`,
    )
    let ok = true
    for (const op of ops) {
      const { ratio, ours, theirs, peak } = await compareOperation(op, file, rows, runs)
      const target = op === 'last' && rows < SCALE_ROWS ? null : TARGETS[op]
      const met = target === null || ratio <= target
      ok &&= met
      const verdict =
        target === null ? '(reference)' : `(target ≤ ${target}) ${met ? 'ok' : 'MISSED'}`
      console.log(
        `${op.padEnd(7)} GateDesk ${ours.toFixed(2)} s, DuckDB ${theirs.toFixed(2)} s: ` +
          `${ratio.toFixed(2)} × ${verdict}; ` +
          `peak of GateDesk's processes ${(peak / size).toFixed(2)} × the file`,
      )
    }
    return ok
  } finally {
    rmSync(workRoot, { recursive: true, force: true })
  }
}

async function main(): Promise<boolean> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      rows: { type: 'string' },
      runs: { type: 'string' },
      file: { type: 'string' },
      ops: { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  })
  const rows = Number(values.rows ?? DEFAULT_ROWS)
  const runs = Number(values.runs ?? DEFAULT_RUNS)
  if (!Number.isInteger(rows) || rows < 1000) throw new Error('--rows takes 1000 or more')
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes 1 or more')
  if (values.file && !values.rows) throw new Error('--file needs --rows, its count of rows')
  const all = Object.keys(TARGETS) as Operation[]
  const ops = values.ops?.split(',') ?? all
  const unknown = ops.find((op) => !all.includes(op as Operation))
  if (unknown !== undefined) throw new Error(`--ops takes ${all.join(', ')}: not ${unknown}`)
  let ok = await measureFile(rows, runs, ops as Operation[], values.file)
  if (process.env.GATEDESK_BENCH_SCALE)
    ok = (await measureFile(SCALE_ROWS, runs, ops as Operation[])) && ok
  return ok
}

if (!(await generateIfAsked()) && !(await duckdbIfAsked())) {
  try {
    process.exitCode = (await main()) ? 0 : 1
  } catch (error) {
    console.error(error)
    process.exitCode = 1
  }
}
