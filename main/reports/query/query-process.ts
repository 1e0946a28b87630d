// The query process: sorts, filters and totals report files with DuckDB, away from the app, so
// that a native crash or running out of memory ends this process and nothing else. Started by
// a QueryProcessLauncher with the arguments of `limitsToArgs`.
import { openDuckDBEngine } from './duckdb-engine'
import { connectToParent } from './parent-link'
import { limitsFromArgs, type QueryRequest } from './query-messages'
import { createRequestRunner } from './request-runner'

// Listen first: requests that come while DuckDB opens wait for it.
const parent = connectToParent(process)
const engine = openDuckDBEngine(limitsFromArgs(process.argv.slice(2)))
const run = createRequestRunner(engine, (reply) => parent.send(reply))
parent.onMessage((message) => run(message as QueryRequest))
