import type { DuckDBConnection } from '@duckdb/node-api'
import { extractionThread } from './extraction-thread'
import type { QueryProcessLimits } from './query-messages'
import { createQueryService } from './query-service'
import { createReportTables } from './report-tables'
import type { QueryEngineCore } from './request-runner'
import type { ScriptRef } from '../../platform/workers/script-ref'

/** Reports whose columns stay loaded: switching between two reports reloads neither. */
const REPORTS_KEPT = 2

/**
 * The query service over a DuckDB still opening: a query's columns are extracted from the file
 * meanwhile (which needs no DuckDB), and loaded once it is open. This module loads none of
 * DuckDB's native module itself. `extractWorker` (column-extract.worker.ts) runs in worker
 * threads (one per thread after the first, started by the first extraction) to extract the
 * columns of large files in parts; they are written in `scratchDir` (the process's own folder).
 */
export function createQueryCore(
  connection: Promise<DuckDBConnection>,
  limits: QueryProcessLimits,
  {
    extractWorker,
    scratchDir,
    checkConnection,
  }: {
    extractWorker?: ScriptRef
    scratchDir: string
    /** A second connection, for checks that wait for no query (ReportTables.checkAhead). */
    checkConnection?: () => Promise<DuckDBConnection>
  },
): QueryEngineCore {
  // A DuckDB that failed to open fails each query that needs it, with its reason.
  connection.catch(() => {})
  const tables = createReportTables(connection, {
    maxReports: REPORTS_KEPT,
    threads: limits.threads,
    scratchDir,
    ...(checkConnection ? { checkConnection } : {}),
    ...(extractWorker
      ? {
          extractThreads: Array.from({ length: limits.threads - 1 }, () =>
            extractionThread(extractWorker),
          ),
        }
      : {}),
  })
  let open: DuckDBConnection | null = null
  void connection.then((ready) => (open = ready)).catch(() => {})
  return {
    service: createQueryService(connection, tables),
    interrupt: () => {
      tables.interrupt()
      open?.interrupt()
    },
  }
}
