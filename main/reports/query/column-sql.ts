import type { ColumnType } from '../../../preload/contract/reports/report-view'

// Every column is loaded as text (DuckDB's own type guess would make Amount an inexact DOUBLE)
// and typed here, per query. A value that does not parse as its column's type becomes NULL,
// so it sorts last and passes no typed filter.

/** A column's name in the loaded tables: never its header, which may hold anything. */
export function columnName(column: number): string {
  return `c${column}`
}

/**
 * The column's values as they sort: numbers, dates and times by value, text ignoring case.
 * Numbers sort as DECIMAL(18, scale) and BIGINT, which DuckDB sorts fast (DECIMAL(38) is ten
 * times slower to cast): a value too wide for them sorts with the unparseable ones.
 */
export function sortValue(column: number, type: ColumnType): string {
  const name = columnName(column)
  switch (type.kind) {
    case 'integer':
      return `TRY_CAST(${name} AS BIGINT)`
    case 'decimal':
      return `TRY_CAST(${name} AS DECIMAL(18, ${type.scale}))`
    case 'timestamp':
      return `TRY_CAST(${name} AS TIMESTAMP)`
    case 'date':
      return dateOf(name)
    case 'text':
      return `${name} COLLATE NOCASE`
  }
}

/** A value the user typed, typed to compare with `sortValue` of a column of `type`. */
export function typedInput(param: string, type: ColumnType): string {
  switch (type.kind) {
    case 'integer':
    case 'decimal':
      // Wide enough for any bound the user types, so 1.2345 is not rounded to a 3-digit scale.
      return `TRY_CAST(${param} AS DECIMAL(38, 18))`
    case 'timestamp':
      // ISO as the file writes it, or the gateway's day first as dates are typed elsewhere.
      return `coalesce(TRY_CAST(${param} AS TIMESTAMP), try_strptime(${param}, ${DAY_FIRST_TIMES}))`
    case 'date':
      return `coalesce(${dateOf(param)}, TRY_CAST(${param} AS DATE))`
    case 'text':
      return param
  }
}

/**
 * The column's exact sum in two steps, for an aggregate whose groups are summed again: `parts`,
 * its sums in each first group (`s<column>` of the values that fit the fast DECIMAL(18) or
 * BIGINT cast, `w<column>` of the wider ones, cast to DECIMAL(38) or HUGEINT: DuckDB sums both
 * exactly, into a 128-bit total, and one cast to the wide type for every row took a third more
 * time), and `total`, those sums added up over the second grouping, as a decimal string.
 */
export function exactSumParts(column: number, type: ColumnType): { parts: string; total: string } {
  const { fast, rest } = numberValues(column, type)
  const name = columnName(column)
  return {
    parts: `sum(${fast}) AS s${name}, sum(${rest}) AS w${name}`,
    total: `(coalesce(sum(s${name}), 0) + coalesce(sum(w${name}), 0))::VARCHAR`,
  }
}

/**
 * A numeric column's values in two parts: `fast`, those that fit the fast DECIMAL(18) or BIGINT
 * cast, and `rest`, the wider ones (DECIMAL(38) or HUGEINT), NULL where the other has the value.
 */
export function numberValues(column: number, type: ColumnType): { fast: string; rest: string } {
  const name = columnName(column)
  const [narrow, wide] =
    type.kind === 'decimal'
      ? [`DECIMAL(18, ${type.scale})`, `DECIMAL(38, ${type.scale})`]
      : ['BIGINT', 'HUGEINT']
  const fast = `TRY_CAST(${name} AS ${narrow})`
  return { fast, rest: `CASE WHEN ${fast} IS NULL THEN TRY_CAST(${name} AS ${wide}) END` }
}

export function isNumeric(type: ColumnType): boolean {
  return type.kind === 'integer' || type.kind === 'decimal'
}

/** A time typed day first: DD.MM.YYYY with or without the time of day. */
const DAY_FIRST_TIMES = "['%d.%m.%Y %H:%M:%S', '%d.%m.%Y %H:%M', '%d.%m.%Y']"

/** The gateway's DD.MM.YYYY dates. */
function dateOf(text: string): string {
  return `try_strptime(${text}, '%d.%m.%Y')::DATE`
}
