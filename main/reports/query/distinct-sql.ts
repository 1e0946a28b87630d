import type { ColumnType, ViewQuery } from '../../../preload/contract/reports/report-view'
import {
  DISTINCT_VALUE_LENGTH_MAX,
  DISTINCT_VALUES_MAX,
  type DistinctValues,
} from '../../../preload/contract/reports/report-distinct'
import { columnName, sortValue } from './column-sql'

/**
 * The view a column's checklist counts in: the query's other filters and its search, not the
 * column's own filters (which would leave only the values already chosen), and no sort.
 */
export function withoutFiltersOn(query: ViewQuery, column: number): ViewQuery {
  return {
    sort: [],
    filters: query.filters.filter((filter) => filter.column !== column),
    ...(query.search === undefined ? {} : { search: query.search }),
  }
}

/**
 * The column's distinct values in `from` (a view's `FROM … WHERE …`) with their row counts,
 * most rows first, equal counts in the column's order; one more than a list holds, to tell that
 * there are more. DuckDB groups every row; only the first groups leave the process.
 */
export function distinctSql(from: string, column: number, type: ColumnType): string {
  const name = columnName(column)
  return [
    `SELECT ${name} AS value, count(*)::DOUBLE AS n ${from}`,
    `GROUP BY ${name} ORDER BY n DESC, ${sortValue(column, type)} NULLS LAST, ${name}`,
    `LIMIT ${DISTINCT_VALUES_MAX + 1}`,
  ].join(' ')
}

/** The list from `distinctSql`'s rows: `more` when there were more, or a value too long to list. */
export function distinctValues(rows: readonly [string | null, number][]): DistinctValues {
  const listed = rows.slice(0, DISTINCT_VALUES_MAX)
  const fits = listed.filter(([value]) => (value ?? '').length <= DISTINCT_VALUE_LENGTH_MAX)
  return {
    values: fits.map(([value, n]) => ({ value: value ?? '', count: n })),
    more: rows.length > DISTINCT_VALUES_MAX || fits.length < listed.length,
  }
}
