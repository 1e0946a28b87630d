import { columnName } from './column-sql'
import type { QuerySource } from './query-messages'
import type { SqlParams } from './sql-params'

/**
 * `SELECT rid, c… FROM read_csv(…)`: the given columns of every data row, each with its row
 * id, read the way the row index reads the file (RFC 4180 as papaparse reads it):
 * - `columns` names the columns c0, c1…, so no header name ever enters SQL, and with
 *   `auto_detect = false` nothing is guessed: every value is text, typed later per query;
 * - a quote opens a field only at its start and `""` escapes one; `strict_mode = false` keeps a
 *   bare quote inside an unquoted field as text and ignores fields beyond the header's;
 * - `null_padding` keeps rows with fewer fields (missing ones read as '');
 * - rows end at CR, LF or CRLF, even mixed: `new_line = '\n'` reads all three (left to guess,
 *   DuckDB loses the first field after a lone CR in a CRLF file, and a quoted LF in the header
 *   makes it guess LF);
 * - blank lines are not rows. DuckDB skips them only in files of two columns or more, so every
 *   report gets one more column, never read (which also spares a field beyond the header's a
 *   DuckDB slip: skipping such a field holding `""` made it drop a bare quote of the next row);
 * - `parallel = false`: one reader from the first byte to the last, so `WITH ORDINALITY` numbers
 *   rows in file order, and quoted line breaks never meet a thread's boundary (the parallel
 *   reader rejects those with null padding);
 * - no `ignore_errors`: a row that cannot be read fails the load rather than vanishing.
 */
export function csvScan(
  source: QuerySource,
  columns: readonly number[],
  params: SqlParams,
): string {
  const names = [...source.header.map((_, column) => columnName(column)), 'unused']
  const schema = names.map((name) => `'${name}': 'VARCHAR'`).join(', ')
  const options = [
    `delim = ${params.bind(source.delimiter)}`,
    `quote = '"'`,
    `escape = '"'`,
    `new_line = '\\n'`,
    'header = true',
    `columns = {${schema}}`,
    'auto_detect = false',
    'strict_mode = false',
    'null_padding = true',
    'parallel = false',
  ]
  // An empty field reads as NULL: make it '' so that it compares like the text it is.
  const values = columns.map((column) => {
    const name = columnName(column)
    return `, coalesce(${name}, '') AS ${name}`
  })
  return (
    `SELECT (ordinality - 1)::UINTEGER AS rid${values.join('')} ` +
    `FROM read_csv(${params.bind(source.file)}, ${options.join(', ')}) WITH ORDINALITY`
  )
}
