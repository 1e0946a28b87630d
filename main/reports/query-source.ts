import type { ColumnType, ViewQuery } from '../../preload/contract/reports/report-view'
import type { RowIndex } from '../platform/csv/row-index'
import { readRowsById, type IndexedCsvFile } from '../platform/csv/row-window'
import { asCsvError } from '../platform/csv/csv-error'
import type { PivotRequest } from '../../preload/contract/reports/report-pivot'
import { pivotPlan } from './query/pivot-sql'
import type { AnswerAhead, QuerySource } from './query/query-messages'
import { totalsColumns } from './query/totals-columns'
import { isIdentityView, viewColumns } from './query/view-sql'

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
  const fields = await readRowsById(file, ids).catch((error: unknown) => {
    throw asCsvError(error)
  })
  const { offsets } = file.index
  return {
    checkRows: ids.map((row, at) => ({ row, fields: fields[at]! })),
    rowBytes: {
      dataStart: offsets[0] ?? file.index.fileSize,
      rows: ids.map((row) => ({ start: offsets[row]!, end: offsets[row + 1]! })),
    },
  }
}

/** Rows spread evenly over the file, where the query process may cut it to read it in parts. */
const ROW_STARTS = 8

export function rowStarts({ offsets, rowCount }: RowIndex): { row: number; offset: number }[] {
  const starts: { row: number; offset: number }[] = []
  for (let part = 0; part < ROW_STARTS; part++) {
    const row = Math.floor((part * rowCount) / ROW_STARTS)
    if (row < rowCount && row !== starts.at(-1)?.row) starts.push({ row, offset: offsets[row]! })
  }
  return starts
}

/**
 * The columns a query of `query` (and its totals, and its pivot, when asked) will load. None for
 * the totals or pivot of every row in file order: DuckDB answers them from the file itself
 * (ReportTables.fromFile), and a table loaded ahead would cost as much again.
 */
export function preparedColumns(
  query: ViewQuery,
  report: { header: readonly string[]; columnTypes: readonly ColumnType[] },
  { totals = false, pivot }: { totals?: boolean; pivot?: PivotRequest },
): number[] {
  if (isIdentityView(query)) return []
  const columns = new Set(viewColumns(query, report.header.length))
  // A pivot the report cannot build loads nothing ahead: its query says why.
  const pivotColumns = pivot ? attempt(() => pivotPlan(report, pivot).columns) : null
  for (const column of pivotColumns ?? []) columns.add(column)
  if (totals) {
    const { amount, currency, type, numeric } = totalsColumns(report)
    for (const column of [amount, currency, type, ...numeric]) {
      if (column !== null) columns.add(column)
    }
  }
  return [...columns]
}

/**
 * The aggregate of `query` whose answer DuckDB reads while the file is indexed: the totals (asked
 * first) or the pivot of every row in file order, which it answers from the file itself.
 */
export function answerAhead(
  query: ViewQuery,
  { totals = false, pivot }: { totals?: boolean; pivot?: PivotRequest },
): AnswerAhead | undefined {
  if (!isIdentityView(query)) return undefined
  if (totals) return { totals }
  return pivot ? { pivot } : undefined
}

function attempt<T>(make: () => T): T | null {
  try {
    return make()
  } catch {
    return null
  }
}
