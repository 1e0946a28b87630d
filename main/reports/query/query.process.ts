// The query process: sorts, filters and totals report files with DuckDB, away from the app, so
// that a native crash or running out of memory ends this process and nothing else. Started by
// a ProcessLauncher with the arguments of `limitsToArgs`. Its worker threads extract parts of a
// file's columns (column-extract.worker.ts).
import { rmSync } from 'node:fs'
import type { DuckDBConnection } from '@duckdb/node-api'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { connectToParent } from '../../platform/workers/parent-link'
import { scriptLocator } from '../../platform/workers/script-ref'
import { createQueryCore } from './query-core'
import { writeNewPrivateFileSync } from '../../platform/db/private-files'
import { limitsFromArgs, scratchDirFromArgs, type QueryRequest } from './query-messages'
import { createRequestRunner } from './request-runner'

// Listen first: requests that come while DuckDB opens wait for it.
const parent = connectToParent(process)
const limits = limitsFromArgs(process.argv.slice(2))
const scratchDir = scratchDirFromArgs(process.argv.slice(2))
// DuckDB's native module is loaded here only, not in the worker threads; a first query's
// columns are extracted while it loads.
const duckdb = import('./duckdb-engine').then(({ createDuckDB }) =>
  createDuckDB(limits, join(scratchDir, 'duckdb')),
)
const connection = duckdb.then((instance) => instance.connect())
let checkConnection: Promise<DuckDBConnection> | undefined
const core = createQueryCore(connection, limits, {
  extractWorker: scriptLocator(import.meta.dirname)('column-extract-worker'),
  scratchDir,
  // Its own: a check of DuckDB's reading runs while the first connection reads an answer.
  // Opened at the first such check: a connection adds about 5 MB to the process's peak.
  checkConnection: () => (checkConnection ??= duckdb.then((instance) => instance.connect())),
})
const run = createRequestRunner(Promise.resolve(core), (reply) => parent.send(reply), {
  collectGarbage: garbageCollector(),
  writeRowIds: (id, rowIds) => writeRowIds(scratchDir, id, rowIds),
})
parent.onMessage((message) => run(message as QueryRequest))
// Ended by its parent (a kill is SIGTERM), by Ctrl+C at the command line (SIGINT reaches the
// CLI's whole process group) or on its own, it leaves no file behind; its parent removes the
// folder of a process that crashed.
const removeScratch = () => rmSync(scratchDir, { recursive: true, force: true })
process.once('exit', removeScratch)
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    removeScratch()
    // Ended by the signal still, as its parent expects.
    process.kill(process.pid, signal)
  })
}

/**
 * A full garbage collection, which a process started by either launcher can run: a flag given
 * at start (`--expose-gc`) would need each launcher to pass it. Between two queries it frees
 * 30-40 MB that a sort, another sort and a filter of 1M rows left for V8 to collect some time.
 */
function garbageCollector(): () => void {
  setFlagsFromString('--expose-gc')
  return runInNewContext('gc') as () => void
}

/** The row ids of a view, in a new file of this process's own folder (its parent removes it). */
function writeRowIds(scratchDir: string, id: number, rowIds: Uint32Array): string {
  const file = join(scratchDir, `view-${id}.u32`)
  writeNewPrivateFileSync(file, rowIds)
  return file
}
