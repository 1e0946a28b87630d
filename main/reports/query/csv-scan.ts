import { columnName } from './column-sql'
import type { SqlParams } from './sql-params'

/**
 * DuckDB's CSV read buffer: 4 times its longest line (2 MiB), where its default of 16 times that
 * takes tens of MB more for no speed on these files of a few columns (and 2 MiB made the load
 * of four columns half as slow again).
 */
const READ_BUFFER_BYTES = 8 * 1024 * 1024

/**
 * `SELECT c… FROM read_csv(…)`: the columns of the files written by `extractColumns` (one quoted
 * value per column, comma-separated, one line per row in file order), read one after another as
 * one table (the parts of a report, in order: one read of them all took a fifth less time than
 * a read of each), each column named c0, c1… by its column in the report so that no header name
 * ever enters SQL. Nothing is guessed
 * (`auto_detect = false`): every value is text, typed later per query. Loaded into a table
 * (with `preserve_insertion_order`, DuckDB's default), each row's `rowid` is its row id.
 * DuckDB reads the file in parallel unless a value holds a line break, which its parallel
 * reader may fail to place.
 */
export function extractedScan(
  files: readonly string[],
  columns: readonly number[],
  lineBreaks: boolean,
  params: SqlParams,
): string {
  const names = columns.length > 0 ? columns.map(columnName) : ['present']
  const schema = names.map((name) => `'${name}': 'VARCHAR'`).join(', ')
  const options = [
    `delim = ','`,
    `quote = '"'`,
    `escape = '"'`,
    `new_line = '\\n'`,
    'header = false',
    `columns = {${schema}}`,
    'auto_detect = false',
    `buffer_size = ${READ_BUFFER_BYTES}`,
    `parallel = ${lineBreaks ? 'false' : 'true'}`,
  ]
  // An empty value reads as NULL: make it '' so that it compares like the text it is.
  const values = names.map((name) => `coalesce(${name}, '') AS ${name}`)
  const list = files.map((file) => params.bind(file)).join(', ')
  return `SELECT ${values.join(', ')} FROM read_csv([${list}], ${options.join(', ')})`
}

/**
 * DuckDB's read buffer for the report file: twice its longest line (max_line_size, 2 MB by
 * default; a longer row fails the read, and the columns are extracted). Over a sort, a filter
 * and totals of 1M rows, the query process peaked at 298 MB with DuckDB's default (32 MiB a
 * thread), 220-236 MB with 8 MiB and 183-210 MB with 2 MiB, which cost CPU (10M rows, a sort
 * 4.89 CPU-s against 4.57). 4 MiB costs none against 8 (`report-view`, alternating pairs: 1M
 * sort 0.43 s against 0.445, totals 0.385 against 0.395; 10M sort and totals 2.0 s both) and
 * takes 10-18 MB less (bench:reports, sorted and filtered at 1M: the query process 186 MB
 * against 204, both processes 2.40 × the file against 2.52).
 */
const REPORT_READ_BUFFER_BYTES = 4 * 1024 * 1024

/**
 * `SELECT c… FROM read_csv(…)` over the report file itself, for a file whose quoting reads alike
 * in DuckDB and in the row index (see QuerySource.directRead): DuckDB's own parallel reader,
 * told the file's dialect rather than guessing it, every column text (`columns` of the
 * header's width, named c0, c1… by position), strict, so that a row of another width or a quote
 * it cannot place fails the read instead of reading otherwise. Loaded into a table in file
 * order, each row's `rowid` is its row id (checked by the caller against the index).
 */
export function reportFileScan(
  file: string,
  delimiter: string,
  columnCount: number,
  columns: readonly number[],
  params: SqlParams,
): string {
  const schema = Array.from(
    { length: columnCount },
    (_, column) => `'${columnName(column)}': 'VARCHAR'`,
  )
  const options = [
    `delim = ${sqlText(delimiter)}`,
    `quote = '"'`,
    `escape = '"'`,
    'header = true',
    `columns = {${schema.join(', ')}}`,
    'auto_detect = false',
    'strict_mode = true',
    `buffer_size = ${REPORT_READ_BUFFER_BYTES}`,
    'parallel = true',
  ]
  const values =
    columns.length > 0
      ? columns.map((column) => `coalesce(${columnName(column)}, '') AS ${columnName(column)}`)
      : [`'' AS present`]
  return `SELECT ${values.join(', ')} FROM read_csv(${params.bind(file)}, ${options.join(', ')})`
}

/** A one-character delimiter as an SQL literal (read_csv's options take no parameters). */
function sqlText(text: string): string {
  return `'${text.replaceAll("'", "''")}'`
}
