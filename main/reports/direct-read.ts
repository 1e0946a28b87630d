import { readRowsById, type IndexedCsvFile } from '../csv/row-window'
import type { QuerySource } from './query/query-messages'

/** Rows spread over the file that DuckDB's own reading of it must give field for field. */
const CHECK_ROWS = 32

/**
 * What lets the query process read the report file with DuckDB's own reader (see
 * QuerySource.directRead), or undefined when the index found rows or quotes that DuckDB would
 * read otherwise than the window: their columns are then extracted as the index reads them.
 */
export async function directReadOf(
  file: IndexedCsvFile,
): Promise<QuerySource['directRead'] | undefined> {
  const { rowCount, problemCount, oddQuoteCount } = file.index
  if (problemCount > 0 || oddQuoteCount > 0) return undefined
  const rows = new Set<number>()
  for (let k = 0; k < CHECK_ROWS && rowCount > 0; k++) {
    rows.add(Math.floor((k * rowCount) / CHECK_ROWS))
  }
  if (rowCount > 0) rows.add(rowCount - 1)
  const ids = [...rows]
  const fields = await readRowsById(file, ids)
  return { checkRows: ids.map((row, at) => ({ row, fields: fields[at]! })) }
}
