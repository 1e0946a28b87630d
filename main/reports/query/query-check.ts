import type { DuckDBConnection } from '@duckdb/node-api'
import type { ViewQuery } from '../../../preload/contract/reports/report-view'
import { typedInput } from './column-sql'
import { QueryError } from './query-error'
import type { QuerySource } from './query-messages'
import { rangeBounds } from './view-sql'

/** What a range bound of each column type must be, in words, and the code that words it. */
const BOUND_FORMS = {
  integer: { words: 'a number', code: 'report.query.bound-number' },
  decimal: { words: 'a number', code: 'report.query.bound-number' },
  timestamp: {
    words: 'a date and time like 2024-03-15 14:30:00',
    code: 'report.query.bound-timestamp',
  },
  date: { words: 'a date like 15.03.2024', code: 'report.query.bound-date' },
}

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
    throw new QueryError(
      'invalid',
      `The report has ${columnCount} columns: there is no column ${unknown + 1}.`,
      'report.query.no-column',
      { n: columnCount, column: unknown + 1 },
    )
  }
  for (const bound of rangeBounds(query, source.columnTypes)) {
    if (bound.type.kind === 'text') continue
    const sql = `SELECT ${typedInput('$1', bound.type)} IS NULL`
    const reader = await (await connection).runAndReadAll(sql, [bound.text])
    if (reader.getRows()[0]![0] === true) {
      const name = (source.header[bound.column] ?? '').slice(0, COLUMN_NAME_MAX)
      const { words, code } = BOUND_FORMS[bound.type.kind]
      throw new QueryError(
        'invalid',
        `The filter on ${name} needs ${words}: "${bound.text}" is not one.`,
        code,
        { column: name, value: bound.text },
      )
    }
  }
}
