import type { DuckDBConnection } from '@duckdb/node-api'
import type { ViewQuery } from '../../../preload/contract/reports/report-view'
import { typedInput } from './column-sql'
import { QueryError } from './query-error'
import type { QuerySource } from './query-messages'
import { rangeBounds } from './view-sql'

/** What a range bound of each column type must be, in words, and the code that words it. */
const BOUND_FORMS = {
  integer: 'report.query.bound-number',
  decimal: 'report.query.bound-number',
  timestamp: 'report.query.bound-timestamp',
  date: 'report.query.bound-date',
} as const

/** The longest column name a refusal repeats (a header field may be any length). */
const COLUMN_NAME_MAX = 200

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
    throw new QueryError('invalid', 'report.query.no-column', {
      n: columnCount,
      column: unknown + 1,
    })
  }
  for (const bound of rangeBounds(query, source.columnTypes)) {
    if (bound.type.kind === 'text') continue
    const sql = `SELECT ${typedInput('$1', bound.type)} IS NULL`
    const reader = await (await connection).runAndReadAll(sql, [bound.text])
    if (reader.getRows()[0]![0] === true) {
      const name = (source.header[bound.column] ?? '').slice(0, COLUMN_NAME_MAX)
      throw new QueryError('invalid', BOUND_FORMS[bound.type.kind], {
        column: name,
        value: bound.text,
      })
    }
  }
}
