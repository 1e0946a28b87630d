import type {
  PivotKey,
  PivotMeasure,
  PivotRequest,
} from '../../../preload/contract/reports/report-pivot'
import { PIVOT_GROUPS_MAX } from '../../../preload/contract/reports/pivot-rules'
import type { ColumnType } from '../../../preload/contract/reports/report-view'
import { columnName, isNumeric, numberValues, sortValue } from './column-sql'
import { QueryError } from './query-error'
import type { QuerySource } from './query-messages'
import { totalsColumns } from './totals-columns'

/** A numeric column the pivot reads, and the parts of it the measures need. */
export interface MeasuredColumn {
  column: number
  /** Its fraction digits: 0 for integers. */
  scale: number
  sum: boolean
  min: boolean
  max: boolean
}

/** How a pivot reads the view: the columns it loads, its one GROUP BY, and what each row holds. */
export interface PivotPlan {
  columns: number[]
  /** The columns measured, in the order of their `nn…`, `s…`, `lo…`, `hi…` results. */
  measured: MeasuredColumn[]
  /** Whether each row is also split by currency and type (`cur`, `typ`) for the net figure. */
  net: boolean
  sql(from: string): string
  /** Rows (of the view) the groups counted, from any of the query's rows (none: 0). */
  rowsRead(groups: readonly Record<string, unknown>[]): number
  /** Its rows are read by their columns' names. */
  objects: true
}

/** How a bucket's date is written as a key (a week by its Monday). */
const BUCKET_TEXT = { day: '%Y-%m-%d', week: '%Y-%m-%d', month: '%Y-%m' } as const

/** The longest column name a refusal repeats (a header field may be any length). */
const COLUMN_NAME_MAX = 200

/**
 * The pivot as one GROUP BY over the view: one row per group and, for the net figure, per
 * Currency and Transaction_type within it (few: the sign of each type is applied after, to
 * these sums, in exact decimals), counted, with the exact sum, count, minimum and maximum of each
 * measured column. Groups are ranked by their keys (dates by date, numbers by value, text
 * ignoring case) and only the first PIVOT_GROUPS_MAX + 1 kept: one more tells there are more.
 */
export function pivotPlan(
  source: Pick<QuerySource, 'header' | 'columnTypes'>,
  request: PivotRequest,
): PivotPlan {
  const types = source.columnTypes
  checkPivot(source, request)
  const { amount, currency, type } = totalsColumns(source)
  const net = amount !== null && currency !== null && type !== null
  const measured = measuredColumns(request, types, net ? amount : null)
  const keys = request.groupBy.map((key) => keySql(key, types[key.column]!))
  const split = net ? [columnName(currency), columnName(type)] : []
  const order = keys.flatMap((key) => key.order)
  const columns = new Set([
    ...request.groupBy.map((key) => key.column),
    ...measured.map((item) => item.column),
    ...(net ? [currency, type] : []),
  ])
  return {
    columns: [...columns],
    measured,
    net,
    objects: true,
    rowsRead: (groups) => Number(groups[0]?.['all_rows'] ?? 0),
    sql: (from) =>
      [
        `SELECT ${keys.map((key, index) => `${key.text} AS k${index}`).join(', ')},`,
        net ? `${split[0]} AS cur, ${split[1]} AS typ,` : '',
        `count(*) AS n${measured.map((item, index) => measures(item, index, types)).join('')},`,
        // Every row the groups count, before only the first groups are kept.
        'sum(count(*)) OVER () AS all_rows',
        from,
        `GROUP BY ${[...new Set([...keys.map((key) => key.group), ...split])].join(', ')}`,
        `QUALIFY dense_rank() OVER (ORDER BY ${order.join(', ')}) <= ${PIVOT_GROUPS_MAX + 1}`,
        `ORDER BY ${[...order, ...split].join(', ')}`,
      ].join(' '),
  }
}

/** What a pivot measures when the user names nothing: the sum of Amount, when it is numbers. */
export function defaultPivotMeasures(
  report: Pick<QuerySource, 'header' | 'columnTypes'>,
): PivotMeasure[] {
  const { amount } = totalsColumns(report)
  return amount === null ? [] : [{ column: amount, kind: 'sum' }]
}

/** A key's GROUP BY expression, its text in the result, and how groups sort by it. */
function keySql(key: PivotKey, type: ColumnType) {
  const name = columnName(key.column)
  if (key.bucket === undefined) {
    return { group: name, text: name, order: [`${sortValue(key.column, type)} NULLS LAST`, name] }
  }
  const day = type.kind === 'text' ? textDay(name) : `${sortValue(key.column, type)}::DATE`
  const group = key.bucket === 'day' ? day : `date_trunc('${key.bucket}', ${day})::DATE`
  return {
    group,
    text: `strftime(${group}, '${BUCKET_TEXT[key.bucket]}')`,
    order: [`${group} NULLS LAST`],
  }
}

/**
 * The day of a text column's value that reads as a date: a column of dates with a few values
 * that do not is typed text, and those values make a group of their own (keyed null).
 */
function textDay(name: string): string {
  return `coalesce(TRY_CAST(${name} AS TIMESTAMP), try_strptime(${name}, '%d.%m.%Y'))::DATE`
}

/** The results a measured column needs: its count of numbers always, then what was asked. */
function measures(item: MeasuredColumn, index: number, types: readonly ColumnType[]): string {
  const { fast, rest } = numberValues(item.column, types[item.column]!)
  const parts = [`, count(${fast}) + count(${rest}) AS nn${index}`]
  if (item.sum)
    parts.push(`, (coalesce(sum(${fast}), 0) + coalesce(sum(${rest}), 0))::VARCHAR AS s${index}`)
  if (item.min) parts.push(`, least(min(${fast}), min(${rest}))::VARCHAR AS lo${index}`)
  if (item.max) parts.push(`, greatest(max(${fast}), max(${rest}))::VARCHAR AS hi${index}`)
  return parts.join('')
}

/** The columns measured, each once, with Amount's sum when the net figure needs it. */
function measuredColumns(
  request: PivotRequest,
  types: readonly ColumnType[],
  netAmount: number | null,
): MeasuredColumn[] {
  const byColumn = new Map<number, MeasuredColumn>()
  const of = (column: number) => {
    const type = types[column]!
    const item = byColumn.get(column) ?? {
      column,
      scale: type.kind === 'decimal' ? type.scale : 0,
      sum: false,
      min: false,
      max: false,
    }
    byColumn.set(column, item)
    return item
  }
  for (const { column, kind } of request.measures) {
    const item = of(column)
    if (kind === 'sum' || kind === 'avg') item.sum = true
    if (kind === 'min') item.min = true
    if (kind === 'max') item.max = true
  }
  if (netAmount !== null) of(netAmount).sum = true
  return [...byColumn.values()]
}

/** Refuses a column the report lacks, a bucket of a column of numbers, a measure of text. */
function checkPivot(source: Pick<QuerySource, 'header' | 'columnTypes'>, request: PivotRequest) {
  const columnCount = source.header.length
  const name = (column: number) => (source.header[column] ?? '').slice(0, COLUMN_NAME_MAX)
  for (const { column } of [...request.groupBy, ...request.measures]) {
    if (column >= columnCount) {
      throw new QueryError('invalid', 'report.query.no-column', {
        n: columnCount,
        column: column + 1,
      })
    }
  }
  for (const { column, bucket } of request.groupBy) {
    if (bucket !== undefined && isNumeric(source.columnTypes[column]!)) {
      throw new QueryError('invalid', 'report.pivot.bucket-not-date', {
        column: name(column),
      })
    }
  }
  for (const { column } of request.measures) {
    if (!isNumeric(source.columnTypes[column]!)) {
      throw new QueryError('invalid', 'report.pivot.measure-not-number', { column: name(column) })
    }
  }
}
