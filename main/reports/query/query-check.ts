import type { DuckDBConnection } from '@duckdb/node-api'
import type { ViewQuery } from '../../../preload/contract/report-view'
import { typedInput } from './column-sql'
import { QueryError } from './query-error'
import type { QuerySource } from './query-messages'
import { rangeBounds } from './view-sql'

const BOUND_FORMS = {
  integer: 'a number',
  decimal: 'a number',
  timestamp: 'a date and time like 2024-03-15 14:30:00',
  date: 'a date like 15.03.2024',
}

/**
 * Refuses a query that cannot mean what the user wants: a column the report lacks, or a range
 * bound that is not of its column's type (which would quietly keep no row). DuckDB parses the
 * bounds, so they are read exactly as the filter reads them.
 */
export async function checkQuery(
  connection: DuckDBConnection | Promise<DuckDBConnection>,
  source: QuerySource,
  query: ViewQuery,
): Promise<void> {
  const columnCount = source.header.length
  const columns = [...query.sort, ...query.filters].map((item) => item.column)
  const unknown = columns.find((column) => column >= columnCount)
  if (unknown !== undefined) {
    throw new QueryError(
      'invalid',
      `The report has ${columnCount} columns: there is no column ${unknown + 1}.`,
    )
  }
  for (const bound of rangeBounds(query, source.columnTypes)) {
    if (bound.type.kind === 'text') continue
    const sql = `SELECT ${typedInput('$1', bound.type)} IS NULL`
    const reader = await (await connection).runAndReadAll(sql, [bound.text])
    if (reader.getRows()[0]![0] === true) {
      const name = source.header[bound.column]
      const expected = BOUND_FORMS[bound.type.kind]
      throw new QueryError(
        'invalid',
        `The filter on ${name} needs ${expected}: "${bound.text}" is not one.`,
      )
    }
  }
}
