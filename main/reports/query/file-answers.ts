import { open, rm, writeFile } from 'node:fs/promises'
import type { DuckDBConnection, DuckDBResultReader } from '@duckdb/node-api'
import { reportFileScan } from './csv-scan'
import type { QuerySource } from './query-messages'
import { SqlParams } from './sql-params'

/** The SQL of an aggregate over `from`, and how many rows of the file its answer counted. */
export interface FileQuery<T> {
  sql(from: string): string
  params: SqlParams
  rowsRead(answer: readonly T[]): number
  /** Rows read as objects by column name, not as arrays. */
  objects?: boolean
}

/** The rows of a query's result as it reads them. */
export function resultRows<T>(reader: DuckDBResultReader, objects = false): T[] {
  return (objects ? reader.getRowObjectsJS() : reader.getRowsJS()) as T[]
}

/**
 * An aggregate of every row of a report file that DuckDB answers reading the file itself, with
 * no table loaded: the file is read once, by DuckDB's parallel reader, and nothing is kept (a
 * table of the columns costs about as much CPU again to build: 0.35 s per million rows of four
 * columns). The answer stands only if DuckDB read as many rows as the index, and the sampled
 * rows field for field as the window did (their bytes copied to `sampleFile`, read alike); else
 * null, and the caller loads the columns (checked) as for any query. A cancel (`signal`), or
 * running out of memory, still fail it.
 */
export async function answerFromFile<T>(
  connection: DuckDBConnection,
  source: QuerySource,
  columns: readonly number[],
  query: FileQuery<T>,
  { signal, sampleFile }: { signal: AbortSignal; sampleFile: string },
): Promise<T[] | null> {
  const scan = reportFileScan(
    source.file,
    source.delimiter,
    source.header.length,
    columns,
    query.params,
  )
  let rows: T[]
  try {
    const reader = await connection.runAndReadAll(
      query.sql(`FROM (${scan}) AS file_rows`),
      query.params.values,
    )
    rows = resultRows<T>(reader, query.objects)
  } catch (error) {
    if (signal.aborted) throw signal.reason
    const message = error instanceof Error ? error.message : String(error)
    if (message.startsWith('Out of Memory Error')) throw error
    // DuckDB's strict reader refused the file: loading its columns reads it as the index does.
    return null
  }
  if (query.rowsRead(rows) !== source.expectedRowCount) return null
  try {
    return (await readsAsWindow(connection, source, sampleFile)) ? rows : null
  } catch {
    if (signal.aborted) throw signal.reason
    // DuckDB could not read the sampled rows alone: its reading is not trusted.
    return null
  } finally {
    await rm(sampleFile, { force: true })
  }
}

/**
 * Whether DuckDB reads the sampled rows' bytes (copied after the header, as they are in the
 * file) into the fields the window read from them, every column.
 */
async function readsAsWindow(
  connection: DuckDBConnection,
  source: QuerySource,
  sample: string,
): Promise<boolean> {
  const { checkRows, rowBytes } = source.directRead!
  if (checkRows.length === 0) return true
  const file = await open(source.file, 'r')
  try {
    const parts = [await bytesOf(file, 0, rowBytes!.dataStart)]
    for (const row of rowBytes!.rows) parts.push(await bytesOf(file, row.start, row.end))
    await writeFile(sample, Buffer.concat(parts), { flag: 'wx', mode: 0o600 })
  } finally {
    await file.close()
  }
  const columns = source.header.map((_, column) => column)
  const params = new SqlParams()
  const scan = reportFileScan(sample, source.delimiter, source.header.length, columns, params)
  const read = (await connection.runAndReadAll(scan, params.values)).getRowsJS() as string[][]
  return (
    read.length === checkRows.length &&
    checkRows.every(({ fields }, at) =>
      columns.every((column) => read[at]![column] === (fields[column] ?? '')),
    )
  )
}

async function bytesOf(
  file: Awaited<ReturnType<typeof open>>,
  start: number,
  end: number,
): Promise<Buffer> {
  const buffer = Buffer.alloc(end - start)
  const { bytesRead } = await file.read(buffer, 0, buffer.length, start)
  return buffer.subarray(0, bytesRead)
}
