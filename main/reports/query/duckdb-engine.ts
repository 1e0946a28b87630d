import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api'
import type { QueryProcessLimits } from './query-messages'

/**
 * An in-memory DuckDB within `limits`, connected, that spills what does not fit in its memory
 * limit to `spillDir` (in the query process's private folder; DuckDB makes it when it first
 * spills).
 */
export async function openDuckDB(
  limits: QueryProcessLimits,
  spillDir: string,
): Promise<DuckDBConnection> {
  return (await createDuckDB(limits, spillDir)).connect()
}

/** The DuckDB of openDuckDB, for a process that holds more than one connection to it. */
export function createDuckDB(
  limits: QueryProcessLimits,
  spillDir: string,
): Promise<DuckDBInstance> {
  return DuckDBInstance.create(':memory:', {
    memory_limit: `${limits.memoryLimitMb}MB`,
    threads: String(limits.threads),
    temp_directory: spillDir,
    // Nothing is ever downloaded: the CSV reader is built in.
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
    // Memory a task freed goes back to the system when it ends, not kept for the next query:
    // kept (DuckDB's default, 128 MB), it added 20-30 MB to the process's peak over a sort,
    // another sort and a filter of 1M rows. Bulk deallocations keep DuckDB's default (flushed
    // past 512 MB): flushed at each (0 MB), every page DuckDB's CSV reader frees went back to
    // the system and was faulted in again, and its read of 1M rows took 1.1 s instead of 0.25 s.
    allocator_flush_threshold: '0MB',
  })
}
