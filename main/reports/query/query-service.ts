import type { DuckDBConnection, DuckDBVector } from '@duckdb/node-api'
import type { ReportTotals, ViewQuery } from '../../../preload/contract/reports/report-view'
import type { PivotRequest, PivotResult } from '../../../preload/contract/reports/report-pivot'
import { columnName, exactSumParts } from './column-sql'
import { checkQuery } from './query-check'
import type { AnswerAhead, PreparedSource, QuerySource, ViewRows } from './query-messages'
import { pivotPlan } from './pivot-sql'
import { pivotResult, type PivotRow } from './pivot-result'
import {
  distinctSql,
  distinctValues,
  FAR_TOO_MANY,
  firstLookSql,
  withoutFiltersOn,
} from './distinct-sql'
import type { DistinctValues } from '../../../preload/contract/reports/report-distinct'
import { DISTINCT_VALUES_MAX } from '../../../preload/contract/reports/report-limits'
import { resultRows, type FileQuery } from './file-answers'
import type { ReportTables } from './report-tables'
import { SqlParams } from './sql-params'
import { totalsColumns } from './totals-columns'
import { netOfPairs, PAIRS_MAX, type TotalsRow } from './totals-net'
import { isIdentityView, keepsEveryRow, orderByClause, viewColumns, whereClause } from './view-sql'

/** The most groups totals list, and the longest names they show (the contract's bounds). */
const GROUPS_MAX = 1000
const CURRENCY_LENGTH_MAX = 64
const TYPE_LENGTH_MAX = 128

export interface QueryService {
  /** The view's row ids; with `firstRows`, only its first ones, and its whole length. */
  view(source: QuerySource, query: ViewQuery, firstRows?: number): Promise<ViewRows>
  totals(source: QuerySource, query: ViewQuery): Promise<ReportTotals>
  pivot(source: QuerySource, query: ViewQuery, pivot: PivotRequest): Promise<PivotResult>
  /** The distinct values of `column` with their counts, its own filters left out (distinct-sql). */
  distinct(source: QuerySource, query: ViewQuery, column: number): Promise<DistinctValues>
  /**
   * Starts loading `columns` of a file still being indexed (see ReportTables.prepare), and
   * reading the answer of `ahead` (ReportTables.readAhead).
   */
  prepare(source: PreparedSource, columns: readonly number[], ahead?: AnswerAhead): Promise<void>
  /**
   * For a totals or pivot request that has to wait: starts checking DuckDB's reading of the file
   * its answer from the file will need (ReportTables.checkAhead).
   */
  checkAhead(source: QuerySource, query: ViewQuery): void
}

/**
 * Views and totals of report files, run in DuckDB over columns loaded as queries need them.
 * DuckDB may still be opening (`connection` a promise): loading columns starts meanwhile.
 */
export function createQueryService(
  connection: DuckDBConnection | Promise<DuckDBConnection>,
  tables: ReportTables,
): QueryService {
  /** `FROM … WHERE …` of the view, with `extraColumns` loaded too. */
  async function viewRows(
    source: QuerySource,
    query: ViewQuery,
    extraColumns: readonly number[],
    params: SqlParams,
  ): Promise<string> {
    await checkQuery(connection, source, query)
    const columns = new Set([...viewColumns(query, source.header.length), ...extraColumns])
    const from = await tables.holding(source, [...columns])
    return `FROM ${from} ${whereClause(query, source.columnTypes, params)}`
  }

  /** How many rows the view `from` (its FROM … WHERE) holds. */
  async function viewLength(
    source: QuerySource,
    query: ViewQuery,
    from: string,
    params: SqlParams,
  ) {
    if (keepsEveryRow(query)) return source.expectedRowCount
    const [counted] = await rows<[number]>(`SELECT count(*)::DOUBLE ${from}`, params)
    return counted![0]
  }

  async function rows<T>(sql: string, params: SqlParams): Promise<T[]> {
    const reader = await (await connection).runAndReadAll(sql, params.values)
    return reader.getRowsJS() as T[]
  }

  /**
   * An aggregate of the view: from the file itself when the view holds every row and no table
   * holds its columns yet (ReportTables.fromFile), else over the view's loaded columns.
   */
  async function aggregate<T>(
    source: QuerySource,
    query: ViewQuery,
    columns: readonly number[],
    aggregated: Omit<FileQuery<T>, 'params'>,
  ): Promise<T[]> {
    if (keepsEveryRow(query)) {
      const params = new SqlParams()
      const answer = await tables.fromFile(source, columns, { ...aggregated, params })
      if (answer) return answer
    }
    const params = new SqlParams()
    const from = await viewRows(source, query, columns, params)
    const reader = await (await connection).runAndReadAll(aggregated.sql(from), params.values)
    return resultRows<T>(reader, aggregated.objects)
  }

  return {
    checkAhead(source, query) {
      if (keepsEveryRow(query)) tables.checkAhead(source)
    },
    async prepare(source, columns, ahead) {
      if (columns.length > 0) await tables.prepare(source, columns)
      const params = new SqlParams()
      if (ahead?.totals) {
        const { columns: totalled, query } = totalsPlan(source)
        await tables.readAhead(source, totalled, { ...query, params })
      } else if (ahead?.pivot) {
        const plan = pivotPlan(source, ahead.pivot)
        await tables.readAhead(source, plan.columns, { ...plan, params })
      }
    },
    async view(source, query, firstRows) {
      if (isIdentityView(query)) return { kind: 'identity' }
      const params = new SqlParams()
      const from = await viewRows(source, query, [], params)
      // Only the first rows: DuckDB keeps a top N instead of ordering every row (1.9 s of 10M).
      const limit = firstRows === undefined ? '' : `LIMIT ${firstRows}`
      const order = orderByClause(query.sort, source.columnTypes)
      const result = await (
        await connection
      ).run(`SELECT rid ${from} ${order} ${limit}`, params.values)
      const rowIds = new Uint32Array(result.rowCount)
      let next = 0
      for (let chunkIndex = 0; chunkIndex < result.chunkCount; chunkIndex++) {
        const chunk = result.getChunk(chunkIndex)
        const ids = chunk.getColumnVector(0)
        const items = uint32Items(ids, chunk.rowCount)
        if (items) {
          rowIds.set(items, next)
          next += items.length
        } else {
          for (let row = 0; row < chunk.rowCount; row++) rowIds[next++] = ids.getItem(row) as number
        }
      }
      if (firstRows === undefined || rowIds.length < firstRows) return { kind: 'rows', rowIds }
      return { kind: 'rows', rowIds, rowCount: await viewLength(source, query, from, params) }
    },

    async pivot(source, query, pivot) {
      const plan = pivotPlan(source, pivot)
      const groups = await aggregate<PivotRow>(source, query, plan.columns, plan)
      return pivotResult(plan, pivot, groups, totalsColumns(source).amount)
    },

    async distinct(source, query, column) {
      const params = new SqlParams()
      const from = await viewRows(source, withoutFiltersOn(query, column), [column], params)
      const [seen] = await rows<[number]>(firstLookSql(from, column), params)
      if (seen![0] > DISTINCT_VALUES_MAX) return FAR_TOO_MANY
      const sql = distinctSql(from, column, source.columnTypes[column]!)
      return distinctValues(await rows<[string | null, number]>(sql, params))
    },

    async totals(source, query) {
      const { amount, type, numeric } = totalsColumns(source)
      const plan = totalsPlan(source)
      const groups = await aggregate<TotalsRow>(source, query, plan.columns, plan.query)
      const { byCurrency } = plan.sets
      const whole = wholeView(groups)
      const [, , , , rowCount, ...columnSums] = whole
      const amountAt = numeric.indexOf(amount ?? -1)
      const net =
        byCurrency === null || type === null
          ? null
          : netOfPairs(groups, amountAt, source.columnTypes[amount!]!)
      return {
        rowCount: Number(rowCount),
        amountByCurrency:
          byCurrency === null
            ? null
            : groups
                .filter(([ofCurrency, ofType]) => ofCurrency && !ofType)
                .map(([, , name, , count, ...sums]) => ({
                  currency: name.slice(0, CURRENCY_LENGTH_MAX),
                  sum: sums[amountAt]!,
                  count: Number(count),
                  ...(net?.has(name) ? { net: net.get(name)! } : {}),
                })),
        countByType:
          type === null
            ? null
            : groups
                .filter(([ofCurrency, ofType]) => ofType && !ofCurrency)
                .map(([, , , name, count]) => ({
                  type: name.slice(0, TYPE_LENGTH_MAX),
                  count: Number(count),
                })),
        columnSums: numeric.map((column, index) => ({ column, sum: columnSums[index]! })),
      }
    },
  }
}

/** The columns the totals of a report read, and their one query (totalsSql). */
function totalsPlan(source: Pick<QuerySource, 'header' | 'columnTypes'>) {
  const { amount, currency, type, numeric } = totalsColumns(source)
  // Amount is also a numeric column summed: read once.
  const columns = [...new Set([amount, currency, type, ...numeric])].filter(
    (column) => column !== null,
  )
  const byCurrency = amount !== null && currency !== null ? currency : null
  const sets = { amount, byCurrency, byType: type, numeric }
  const query: Omit<FileQuery<TotalsRow>, 'params'> = {
    sql: (from) => totalsSql(source, from, sets),
    rowsRead: (answer) => Number(wholeView(answer)[4]),
  }
  return { columns, sets, query }
}

/** The totals of the whole view: the row of no currency and no type. */
const wholeView = (groups: readonly TotalsRow[]) =>
  groups.find(([ofCurrency, ofType]) => !ofCurrency && !ofType)!

/**
 * All totals in one query, one pass over the view (three queries read it three times): the
 * row count and each numeric column's exact sum of the whole view, and per Currency and per
 * Transaction_type (`byCurrency`, `byType`: their columns, if totalled) the rows and sums of
 * each group, at most GROUPS_MAX groups of each, in order; with both, per currency and type too
 * (at most PAIRS_MAX + 1), for the net. Each row says which it is: of a currency, of a type, of
 * both, or neither (the whole view). The view's rows are grouped once, by every key, and the
 * `GROUPING SETS` sum those groups (few): four sets over every row put each row in four hash
 * tables (10M rows: about 0.4 CPU-s more).
 */
function totalsSql(
  source: Pick<QuerySource, 'columnTypes'>,
  from: string,
  groups: {
    amount: number | null
    byCurrency: number | null
    byType: number | null
    numeric: number[]
  },
): string {
  const key = (column: number | null) => (column === null ? 'NULL' : columnName(column))
  const currency = key(groups.byCurrency)
  const type = key(groups.byType)
  const keys = [groups.byCurrency, groups.byType].filter((c) => c !== null).map(key)
  const sets = [
    '()',
    ...keys.map((name) => `(${name})`),
    // Amount per currency and type, whose signs make each currency's net (totals-net.ts).
    ...(keys.length === 2 ? [`(${currency}, ${type})`] : []),
  ]
  const sums = groups.numeric.map((column) => exactSumParts(column, source.columnTypes[column]!))
  const firstGroups = [
    `SELECT ${[...keys, 'count(*) AS n', ...sums.map((sum) => sum.parts)].join(', ')} ${from}`,
    keys.length === 0 ? '' : `GROUP BY ${keys.join(', ')}`,
  ].join(' ')
  // NULL for a column not totalled: GROUPING() of a constant is 0, as of the whole view.
  const of = (column: number | null) => (column === null ? 'false' : `GROUPING(${key(column)}) = 0`)
  // A row of a currency and a type is of both.
  const cap = `CASE WHEN of_currency AND of_type THEN ${PAIRS_MAX + 1} ELSE ${GROUPS_MAX} END`
  return [
    `SELECT ${of(groups.byCurrency)} AS of_currency, ${of(groups.byType)} AS of_type,`,
    `${currency}::VARCHAR AS currency, ${type}::VARCHAR AS type,`,
    // No first group at all (an empty view) sums to NULL: no rows.
    `coalesce(sum(n), 0)::BIGINT${sums.map((sum) => `, ${sum.total}`).join('')}`,
    `FROM (${firstGroups}) AS first_groups GROUP BY GROUPING SETS (${sets.join(', ')})`,
    `QUALIFY row_number() OVER (PARTITION BY of_currency, of_type ORDER BY currency, type) <= ${cap}`,
    'ORDER BY of_currency, of_type, currency, type',
  ].join(' ')
}

/**
 * The values of a UINTEGER vector with no NULL (row ids) as one Uint32Array, copied in one go:
 * a million getItem calls take 100 ms. The vector keeps them in `items`, which node-api does not
 * declare: anything else reads item by item (null).
 */
function uint32Items(vector: DuckDBVector, rowCount: number): Uint32Array | null {
  // Only a UINTEGER vector keeps a Uint32Array (not DuckDBUIntegerVector itself, whose import
  // would load DuckDB's native module with this file).
  const { items } = vector as unknown as { items?: unknown }
  return items instanceof Uint32Array && items.length === rowCount ? items : null
}
