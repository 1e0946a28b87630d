// The query process: sorts, filters and totals report files with DuckDB, away from the app, so
// that a native crash or running out of memory ends this process and nothing else. Started by
// a ProcessLauncher with the arguments of `limitsToArgs`. In a worker thread of its own, the
// same script extracts a part of a file's columns (column-extract-worker.ts).
import { fileURLToPath } from 'node:url'
import { isMainThread } from 'node:worker_threads'
import { connectToParent } from '../../workers/parent-link'
import { runExtractionWorker } from './column-extract-worker'
import { createQueryCore } from './query-core'
import { limitsFromArgs, type QueryRequest } from './query-messages'
import { createRequestRunner } from './request-runner'

if (isMainThread) {
  // Listen first: requests that come while DuckDB opens wait for it.
  const parent = connectToParent(process)
  const limits = limitsFromArgs(process.argv.slice(2))
  // DuckDB's native module is loaded here only, not in the worker threads; a first query's
  // columns are extracted while it loads.
  const connection = import('./duckdb-engine').then(({ openDuckDB }) => openDuckDB(limits))
  const core = createQueryCore(connection, limits, fileURLToPath(import.meta.url))
  const run = createRequestRunner(Promise.resolve(core), (reply) => parent.send(reply))
  parent.onMessage((message) => run(message as QueryRequest))
} else {
  runExtractionWorker()
}
