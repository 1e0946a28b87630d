import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api'
import type { QueryProcessLimits } from './query-messages'

/** An in-memory DuckDB within `limits`, connected. */
export async function openDuckDB(limits: QueryProcessLimits): Promise<DuckDBConnection> {
  const instance = await DuckDBInstance.create(':memory:', {
    memory_limit: `${limits.memoryLimitMb}MB`,
    threads: String(limits.threads),
    // Where DuckDB spills what does not fit in its memory limit.
    temp_directory: join(tmpdir(), `gatedesk-query-${process.pid}`),
    // Nothing is ever downloaded: the CSV reader is built in.
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
  })
  return instance.connect()
}
