import { open, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { DuckDBConnection, DuckDBResultReader } from '@duckdb/node-api'
import { reportFileScan } from './csv-scan'
import { isOutOfMemory } from './duckdb-errors'
import type { PreparedSource, QuerySource } from './query-messages'
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
 * columns). Null when DuckDB's strict reader refuses the file. The answer may be read before
 * the file is indexed; it stands only once checkedAnswer accepts it. A cancel (`signal`), or
 * running out of memory, still fail it.
 */
export async function readFromFile<T>(
  connection: DuckDBConnection,
  source: PreparedSource,
  columns: readonly number[],
  query: FileQuery<T>,
  signal: AbortSignal,
): Promise<T[] | null> {
  try {
    const reader = await connection.runAndReadAll(
      fileQuerySql(source, columns, query),
      query.params.values,
    )
    return resultRows<T>(reader, query.objects)
  } catch (error) {
    if (signal.aborted) throw signal.reason
    if (isOutOfMemory(error)) throw error
    // DuckDB's strict reader refused the file: loading its columns reads it as the index does.
    return null
  }
}

/** The SQL of `query` over the file itself; binds the file's path in `query.params`. */
export function fileQuerySql(
  source: PreparedSource,
  columns: readonly number[],
  query: FileQuery<unknown>,
): string {
  const { file, delimiter, header } = source
  const scan = reportFileScan(file, delimiter, header.length, columns, query.params)
  return query.sql(`FROM (${scan}) AS file_rows`)
}

/**
 * `rows` read from the file (readFromFile), if DuckDB read as many rows as the index, and the
 * sampled rows field for field as the window did (`reads`, see readsAsWindow); else null, and
 * the caller loads the columns (checked) as for any query.
 */
async function checkedAnswer<T>(
  source: QuerySource,
  rows: T[] | null,
  query: Pick<FileQuery<T>, 'rowsRead'>,
  { signal, reads }: { signal: AbortSignal; reads: () => Promise<boolean> },
): Promise<T[] | null> {
  if (rows === null || query.rowsRead(rows) !== source.expectedRowCount) return null
  try {
    return (await reads()) ? rows : null
  } catch {
    if (signal.aborted) throw signal.reason
    // DuckDB could not read the sampled rows alone: its reading is not trusted.
    return null
  }
}

/**
 * Whether DuckDB reads the sampled rows' bytes (copied after the header, as they are in the
 * file, to `sample`, removed after) into the fields the window read from them, every column.
 */
async function readsAsWindow(
  connection: DuckDBConnection,
  source: QuerySource,
  sample: string,
): Promise<boolean> {
  try {
    return await readsSampleAsWindow(connection, source, sample)
  } finally {
    await rm(sample, { force: true })
  }
}

async function readsSampleAsWindow(
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

/** Answers from report files, some read ahead (while the file is still indexed). */
export interface FileAnswers {
  /** Reads `query`'s answer from a file not indexed yet, for `answer` to check once it is. */
  readAhead(
    source: PreparedSource,
    columns: readonly number[],
    query: FileQuery<unknown>,
    signal: AbortSignal,
  ): Promise<void>
  /** `query`'s answer from the file (read ahead, or now), checked against the index; else null. */
  answer<T>(
    source: QuerySource,
    columns: readonly number[],
    query: FileQuery<T>,
    signal: AbortSignal,
  ): Promise<T[] | null>
  /**
   * Starts the check of DuckDB's reading of `source` (readsAsWindow) on the check connection,
   * for the answer of this same source that follows: a request that waits for an answer read
   * ahead checks meanwhile, not after it (about 10 ms at any size). Without a check connection,
   * nothing: the answer checks.
   */
  checkAhead(source: QuerySource): void
}

export function createFileAnswers(
  db: DuckDBConnection | Promise<DuckDBConnection>,
  scratchDir: string,
  checker?: () => Promise<DuckDBConnection>,
): FileAnswers {
  /** The answer read ahead, by its file and SQL: the next query asked takes it or drops it. */
  let readAhead: { key: string; rows: unknown[] | null } | null = null
  /** The check made ahead, for the request whose source it is (the same object). */
  let checkedAhead: { source: QuerySource; reads: Promise<boolean> } | null = null
  let samples = 0
  const sampleFile = () => join(scratchDir, `sample-${++samples}.csv`)
  return {
    checkAhead(source) {
      if (!checker || !source.directRead?.rowBytes) return
      const sample = sampleFile()
      const reads = checker().then((connection) => readsAsWindow(connection, source, sample))
      // Seen by the answer that takes it; one never taken fails no one.
      reads.catch(() => undefined)
      checkedAhead = { source, reads }
    },
    async readAhead(source, columns, query, signal) {
      readAhead = null
      const key = answerKey(source, columns, query)
      const rows = await readFromFile(await db, source, columns, query, signal)
      readAhead = { key, rows }
    },
    async answer<T>(
      source: QuerySource,
      columns: readonly number[],
      query: FileQuery<T>,
      signal: AbortSignal,
    ) {
      const ahead = readAhead
      readAhead = null
      const connection = await db
      const rows =
        ahead?.key === answerKey(source, columns, query)
          ? (ahead.rows as T[] | null)
          : await readFromFile(connection, source, columns, query, signal)
      const checked = checkedAhead?.source === source ? checkedAhead.reads : null
      checkedAhead = null
      const reads = () => checked ?? readsAsWindow(connection, source, sampleFile())
      return checkedAnswer(source, rows, query, { signal, reads })
    },
  }
}

/** The file (as it was: size and time) and the SQL with its values: an answer read ahead is its. */
function answerKey(source: PreparedSource, columns: readonly number[], query: FileQuery<unknown>) {
  const params = new SqlParams()
  const sql = fileQuerySql(source, columns, { ...query, params })
  const { file, fileSize, mtimeMs } = source
  return JSON.stringify([file, fileSize, mtimeMs, sql, params.values])
}
