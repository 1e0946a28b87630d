import type { ColumnType, ViewQuery } from '../../../preload/contract/reports/report-view'
import type { DistinctValues } from '../../../preload/contract/reports/report-distinct'
// The bounds apart from their schemas: the query process never loads zod.
import {
  DISTINCT_VALUE_LENGTH_MAX,
  DISTINCT_VALUES_MAX,
} from '../../../preload/contract/reports/report-limits'
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
 * How many of the first rows of the view a column's values are counted in before it is grouped:
 * one with more distinct values than a list holds among them is not grouped whole. Grouping
 * 10,000,000 unique ids took DuckDB 27-39 s on two loaded cores, this first look under 1 s; a
 * column of 5 values costs it 28 ms more.
 */
const FIRST_LOOK_ROWS = 100_000

/** The distinct values among the view's first rows (see FIRST_LOOK_ROWS). */
export function firstLookSql(from: string, column: number): string {
  const name = columnName(column)
  return `SELECT count(DISTINCT ${name})::DOUBLE FROM (SELECT ${name} ${from} LIMIT ${FIRST_LOOK_ROWS})`
}

/** What a column of far more values than a list holds gets: no list. */
export const FAR_TOO_MANY: DistinctValues = { values: [], more: true }

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
