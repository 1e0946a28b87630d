import type { DuckDBConnection } from '@duckdb/node-api'
import { columnName } from './column-sql'
import { reportFileScan } from './csv-scan'
import { isOutOfMemory } from './duckdb-errors'
import type { PreparedSource, QuerySource } from './query-messages'
import { SqlParams } from './sql-params'

/** Why DuckDB's own reading of a file was not used: the caller extracts its columns instead. */
export class DirectReadRefused extends Error {
  override readonly name = 'DirectReadRefused'
}

/** Columns of a report file that DuckDB read itself, in `table`, checked against the index. */
export interface DirectTable {
  table: string
  columns: readonly number[]
}

/** DuckDB's own reads of report files (see QuerySource.directRead). */
export interface DirectReads {
  /**
   * Reads `columns` of a file not indexed yet into a table of its own, so that the query that
   * follows the index only checks them: DuckDB reads the file while the row index scans it.
   * One at a time: a newer one drops the table of the last.
   */
  prepare(source: PreparedSource, columns: readonly number[]): Promise<void>
  /**
   * `columns` of `source` read by DuckDB into `table` (or the prepared table, if it holds them),
   * checked against the index; null when DuckDB reads the file otherwise or cannot read it
   * strictly: the caller extracts the columns then. A cancel (`signal`), running out of memory
   * still fail it.
   */
  load(
    source: QuerySource,
    table: string,
    columns: readonly number[],
    signal: AbortSignal,
  ): Promise<DirectTable | null>
  /** Drops the prepared table, if any (its file is read otherwise, or not at all). */
  discard(): Promise<void>
  /** Whether the prepared table holds `columns` of this very file. */
  prepares(source: PreparedSource, columns: readonly number[]): boolean
}

export function createDirectReads(db: DuckDBConnection | Promise<DuckDBConnection>): DirectReads {
  let prepared: { key: string; table: string; columns: readonly number[] } | null = null
  let prepares = 0

  async function discard() {
    if (prepared === null) return
    const { table } = prepared
    prepared = null
    await (await db).run(`DROP TABLE IF EXISTS ${table}`)
  }

  /** The prepared table, if it holds `columns` of this very file and reads as the index does. */
  async function preparedFor(source: QuerySource, columns: readonly number[]) {
    const held = prepared
    if (held === null) return null
    if (held.key !== fileKey(source) || columns.some((column) => !held.columns.includes(column))) {
      await discard()
      return null
    }
    prepared = null
    await checked(await db, held.table, source, held.columns)
    return { table: held.table, columns: held.columns }
  }

  return {
    discard,
    prepares: (source, columns) =>
      prepared !== null &&
      prepared.key === fileKey(source) &&
      columns.every((column) => prepared!.columns.includes(column)),
    async prepare(source, columns) {
      await discard()
      const table = `prepared_${++prepares}`
      const connection = await db
      await createFromFile(connection, table, source, columns).catch(dropping(connection, table))
      prepared = { key: fileKey(source), table, columns }
    },
    async load(source, table, columns, signal) {
      const connection = await db
      try {
        const ready = await preparedFor(source, columns)
        if (ready) return ready
        await createFromFile(connection, table, source, columns)
        await checked(connection, table, source, columns)
        return { table, columns }
      } catch (error) {
        await dropping(connection, table)(null).catch(() => {})
        if (signal.aborted) throw signal.reason
        if (error instanceof DirectReadRefused) return null
        if (isOutOfMemory(error)) throw error
        // Any other refusal of DuckDB's reader (a row of another width, a quote it cannot
        // place, bytes that are not UTF-8): the extraction reads such files as the index does.
        return null
      }
    },
  }
}

/** `columns` of the report file into `table`, by DuckDB's own parallel CSV reader: one read. */
async function createFromFile(
  connection: DuckDBConnection,
  table: string,
  source: PreparedSource,
  columns: readonly number[],
): Promise<void> {
  const params = new SqlParams()
  const scan = reportFileScan(source.file, source.delimiter, source.header.length, columns, params)
  await connection.run(`CREATE TABLE ${table} AS ${scan}`, params.values)
}

/** `table` as read, once it holds as many rows as the index and the rows the window read. */
async function checked(
  connection: DuckDBConnection,
  table: string,
  source: QuerySource,
  columns: readonly number[],
): Promise<void> {
  try {
    await checkAgainstIndex(connection, table, source, columns)
  } catch (error) {
    await connection.run(`DROP TABLE IF EXISTS ${table}`)
    throw error
  }
}

async function checkAgainstIndex(
  connection: DuckDBConnection,
  table: string,
  source: QuerySource,
  columns: readonly number[],
): Promise<void> {
  const counted = await connection.runAndReadAll(`SELECT count(*)::DOUBLE FROM ${table}`)
  const rowCount = counted.getRows()[0]![0] as number
  if (rowCount !== source.expectedRowCount) {
    throw new DirectReadRefused(
      `DuckDB read ${rowCount} rows, the index ${source.expectedRowCount}`,
    )
  }
  const checkRows = source.directRead?.checkRows ?? []
  if (checkRows.length === 0 || columns.length === 0) return
  const names = columns.map(columnName).join(', ')
  const ids = checkRows.map(({ row }) => row).join(', ')
  const reader = await connection.runAndReadAll(
    `SELECT rowid::DOUBLE, ${names} FROM ${table} WHERE rowid IN (${ids}) ORDER BY rowid`,
  )
  const loaded = new Map(
    (reader.getRowsJS() as [number, ...string[]][]).map(([row, ...values]) => [row, values]),
  )
  for (const { row, fields } of checkRows) {
    const values = loaded.get(row)
    const same = values && columns.every((column, at) => values[at] === (fields[column] ?? ''))
    if (!same) throw new DirectReadRefused(`DuckDB read row ${row} otherwise than the window`)
  }
}

function dropping(connection: DuckDBConnection, table: string) {
  return async (error: unknown) => {
    await connection.run(`DROP TABLE IF EXISTS ${table}`)
    if (error !== null) throw error
  }
}

/** The same file as when it was prepared: a file changed since reads into another key. */
function fileKey({ file, fileSize, mtimeMs, delimiter, header }: PreparedSource): string {
  return JSON.stringify([file, fileSize, mtimeMs, delimiter, header.length])
}
