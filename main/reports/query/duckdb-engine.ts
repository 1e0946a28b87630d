import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DuckDBInstance } from '@duckdb/node-api'
import type { QueryProcessLimits } from './query-messages'
import { createQueryService } from './query-service'
import { createReportTables } from './report-tables'
import type { QueryEngineCore } from './request-runner'

/** Reports whose columns stay loaded: switching between two reports reloads neither. */
const REPORTS_KEPT = 2

/** An in-memory DuckDB within `limits`, and the query service over it. */
export async function openDuckDBEngine(limits: QueryProcessLimits): Promise<QueryEngineCore> {
  const instance = await DuckDBInstance.create(':memory:', {
    memory_limit: `${limits.memoryLimitMb}MB`,
    threads: String(limits.threads),
    // Where DuckDB spills what does not fit in its memory limit.
    temp_directory: join(tmpdir(), `gatedesk-query-${process.pid}`),
    // Nothing is ever downloaded: the CSV reader is built in.
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
  })
  const connection = await instance.connect()
  const tables = createReportTables(connection, { maxReports: REPORTS_KEPT })
  return {
    service: createQueryService(connection, tables),
    interrupt: () => connection.interrupt(),
  }
}
