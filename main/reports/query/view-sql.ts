import type {
  ColumnFilter,
  ColumnType,
  SortKey,
  ViewQuery,
} from '../../../preload/contract/reports/report-view'
import { columnName, sortValue, typedInput } from './column-sql'
import type { SqlParams } from './sql-params'

/** A day with no time of day, as a timestamp bound: YYYY-MM-DD or DD.MM.YYYY. */
const DATE_ONLY = /^\s*(\d{4}-\d{2}-\d{2}|\d{2}\.\d{2}\.\d{4})\s*$/

/** Whether the view holds every row of the file (in whatever order): no filter, no search. */
export function keepsEveryRow(query: ViewQuery): boolean {
  return !hasSearch(query) && !query.filters.some(narrows)
}

/** Whether the view is every row in file order, which needs no query at all. */
export function isIdentityView(query: ViewQuery): boolean {
  return query.sort.length === 0 && keepsEveryRow(query)
}

/** The columns a view reads: those it sorts and filters by, or all of them to search. */
export function viewColumns(query: ViewQuery, columnCount: number): number[] {
  if (hasSearch(query)) return Array.from({ length: columnCount }, (_, column) => column)
  const columns = [...query.sort, ...query.filters.filter(narrows)].map((item) => item.column)
  return [...new Set(columns)]
}

/** `WHERE …` keeping the rows that pass every filter and the search, or '' for all rows. */
export function whereClause(
  query: ViewQuery,
  types: readonly ColumnType[],
  params: SqlParams,
): string {
  const conditions = query.filters
    .filter(narrows)
    .map((filter) => filterCondition(filter, types[filter.column]!, params))
  if (hasSearch(query)) conditions.push(searchCondition(query.search!, types.length, params))
  return conditions.length === 0 ? '' : `WHERE ${conditions.join(' AND ')}`
}

/** `ORDER BY …`, ties broken by row id so that equal rows keep their file order. */
export function orderByClause(sort: readonly SortKey[], types: readonly ColumnType[]): string {
  const keys = sort.map(
    ({ column, descending }) =>
      `${sortValue(column, types[column]!)} ${descending ? 'DESC' : 'ASC'} NULLS LAST`,
  )
  return `ORDER BY ${[...keys, 'rid'].join(', ')}`
}

/** The range bounds the user typed, each with the column type it must parse as. */
export function rangeBounds(query: ViewQuery, types: readonly ColumnType[]) {
  return query.filters.flatMap((filter) =>
    filter.kind === 'range'
      ? [filter.min, filter.max]
          .filter((bound) => isGiven(bound))
          .map((bound) => ({ column: filter.column, type: types[filter.column]!, text: bound! }))
      : [],
  )
}

function filterCondition(filter: ColumnFilter, type: ColumnType, params: SqlParams): string {
  const name = columnName(filter.column)
  switch (filter.kind) {
    case 'equals':
      return matchCondition(filter.column, type, [filter.value], params)
    case 'notEquals':
      // An empty or unparseable cell is not the value either: kept.
      return `NOT coalesce(${matchCondition(filter.column, type, [filter.value], params)}, false)`
    case 'oneOf':
      return matchCondition(filter.column, type, filter.values, params)
    case 'contains':
      return containsCondition(name, params.bind(filter.value))
    case 'range': {
      const value = sortValue(filter.column, type)
      const bounds: string[] = []
      if (isGiven(filter.min)) {
        const bound = typedInput(params.bind(filter.min!), type)
        bounds.push(from(value, bound, wholeDay(filter.min!, type), filter.minExclusive))
      }
      if (isGiven(filter.max)) {
        const bound = typedInput(params.bind(filter.max!), type)
        bounds.push(upTo(value, bound, wholeDay(filter.max!, type), filter.maxExclusive))
      }
      return bounds.join(' AND ')
    }
  }
}

/**
 * The cell is one of `values`: text exactly as the grid shows it; numbers, dates and times by
 * value (10.5 finds 10.500), falling back to the text as written (so `n/a` finds `n/a`).
 */
function matchCondition(
  column: number,
  type: ColumnType,
  values: readonly string[],
  params: SqlParams,
): string {
  const name = columnName(column)
  const bound = values.map((value) => params.bind(value))
  const asText = `${name} IN (${bound.join(', ')})`
  if (type.kind === 'text') return asText
  const typed = bound.map((param) => typedInput(param, type))
  return `coalesce(${sortValue(column, type)} IN (${typed.join(', ')}), ${asText})`
}

/** A date alone as the upper bound of a timestamp column keeps that whole day. */
function upTo(value: string, bound: string, day: boolean, exclusive = false): string {
  if (exclusive) return `${value} < ${bound}`
  return day ? `${value} < ${bound} + INTERVAL 1 DAY` : `${value} <= ${bound}`
}

/** A date alone as the lower bound of a timestamp column, exclusive, starts after that day. */
function from(value: string, bound: string, day: boolean, exclusive = false): string {
  if (!exclusive) return `${value} >= ${bound}`
  return day ? `${value} >= ${bound} + INTERVAL 1 DAY` : `${value} > ${bound}`
}

/** Whether a bound of a timestamp column is a day alone, which stands for all of that day. */
function wholeDay(bound: string, type: ColumnType): boolean {
  return type.kind === 'timestamp' && DATE_ONLY.test(bound)
}

function searchCondition(search: string, columnCount: number, params: SqlParams): string {
  // One lowercase pass over the row's columns joined by a unit separator (which no search
  // crosses) is twice as fast as one per column.
  const columns = Array.from({ length: columnCount }, (_, column) => columnName(column))
  return containsCondition(`concat_ws(chr(31), ${columns.join(', ')})`, params.bind(search))
}

function containsCondition(name: string, value: string): string {
  return `contains(lower(${name}), lower(${value}))`
}

/** Whether a filter keeps fewer than every row: an empty text or bound keeps them all. */
function narrows(filter: ColumnFilter): boolean {
  if (filter.kind === 'range') return isGiven(filter.min) || isGiven(filter.max)
  if (filter.kind === 'contains') return filter.value !== ''
  return true
}

function hasSearch(query: ViewQuery): boolean {
  return query.search !== undefined && query.search !== ''
}

function isGiven(bound: string | undefined): boolean {
  return bound !== undefined && bound.trim() !== ''
}
