import type { DuckDBConnection } from '@duckdb/node-api'
import { columnName } from './column-sql'
import { reportFileScan } from './csv-scan'
import type { QuerySource } from './query-messages'
import { SqlParams } from './sql-params'

/** Why DuckDB's own reading of a file was not used: the caller extracts its columns instead. */
export class DirectReadRefused extends Error {
  override readonly name = 'DirectReadRefused'
}

/**
 * Whether DuckDB loaded `columns` of the report file into `table` itself (see loadReportFile).
 * False when it read the file otherwise than the index, or could not read it strictly: the
 * caller then extracts the columns. A cancel (`signal`), running out of memory and the file
 * changing meanwhile still fail the load.
 */
export async function loadedByDuckDB(
  connection: DuckDBConnection,
  table: string,
  source: QuerySource,
  columns: readonly number[],
  signal: AbortSignal,
): Promise<boolean> {
  try {
    await loadReportFile(connection, table, source, columns)
    return true
  } catch (error) {
    await connection.run(`DROP TABLE IF EXISTS ${table}`).catch(() => {})
    if (signal.aborted) throw signal.reason
    if (error instanceof DirectReadRefused) return false
    const message = error instanceof Error ? error.message : String(error)
    if (message.startsWith('Out of Memory Error')) throw error
    // Any other refusal of DuckDB's reader (a row of another width, a quote it cannot place,
    // bytes that are not UTF-8): the extraction reads such files as the index does.
    return false
  }
}

/**
 * Loads `columns` of the report file into `table` by DuckDB's own parallel CSV reader (one read
 * of the file, at DuckDB's speed), then checks its reading against the row index: as many rows,
 * and the rows the window read (`directRead.checkRows`) field for field. Rejects with
 * DirectReadRefused (the table dropped) when DuckDB cannot read the file strictly or reads it
 * otherwise; with DuckDB's own error (an interrupt, out of memory) when the load itself failed.
 */
export async function loadReportFile(
  connection: DuckDBConnection,
  table: string,
  source: QuerySource,
  columns: readonly number[],
): Promise<void> {
  const params = new SqlParams()
  const scan = reportFileScan(source.file, source.delimiter, source.header.length, columns, params)
  await connection.run(`CREATE TABLE ${table} AS ${scan}`, params.values)
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
