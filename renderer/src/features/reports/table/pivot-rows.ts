import type { MoneyOf } from '../../../../../preload/contract/reports/cell-format'
import { keyColumnsOf } from '../../../../../preload/contract/reports/key-columns'
import type {
  PivotBucket,
  PivotMeasureKind,
  PivotRequest,
  PivotResult,
} from '../../../../../preload/contract/reports/report-pivot'

/** The words a pivot's table is headed with, in the window's language. */
export interface PivotWords {
  key(column: string, bucket: PivotBucket | undefined): string
  count: string
  figure(kind: PivotMeasureKind, column: string): string
  net(currency: string): string
  /** A key that is no date (a bucket of a value that does not read as one). */
  noDate: string
  /** A day, week (its Monday) or month key (YYYY-MM-DD, YYYY-MM) as the grid writes dates. */
  bucketKey(key: string, bucket: PivotBucket): string
}

/** A group's key as people read it: a bucket's date in the app's format, else as it is. */
export const keyText = (
  key: string | null,
  bucket: PivotBucket | undefined,
  words: Pick<PivotWords, 'noDate' | 'bucketKey'>,
) => (key === null ? words.noDate : bucket ? words.bucketKey(key, bucket) : key)

/**
 * A built pivot as a table: its header, then a row per group: the keys, the row count, each
 * figure and the net of each currency as exact decimal text (never floats), '' where a group
 * has none. The key columns come first (`keyCount`), the numbers after. The window shows it; the
 * pivot's CSV and XLSX export write it.
 */
export interface PivotTable {
  header: string[]
  rows: string[][]
  keyCount: number
  /** Per column, the currency whose minor units its amounts are shown with, or null. */
  money: (MoneyOf | null)[]
}

/**
 * A figure of Amount that stays an amount (sum, min, max; an average keeps its exact decimals)
 * takes the currency of its row's Currency key when the pivot groups by Currency.
 */
function figureMoney(
  request: PivotRequest,
  columnNames: readonly string[],
): (measure: PivotRequest['measures'][number]) => MoneyOf | null {
  const { amount, currency } = keyColumnsOf(columnNames)
  const currencyKey = request.groupBy.findIndex(
    (key) => key.column === currency && key.bucket === undefined,
  )
  return ({ column, kind }) =>
    column === amount && kind !== 'avg' && currencyKey >= 0 ? { currencyColumn: currencyKey } : null
}

export function pivotTable(
  result: PivotResult,
  request: PivotRequest,
  columnNames: readonly string[],
  words: PivotWords,
): PivotTable {
  const currencies = netCurrencies(result)
  const header = [
    ...request.groupBy.map(({ column, bucket }) => words.key(columnNames[column]!, bucket)),
    words.count,
    ...request.measures.map(({ column, kind }) => words.figure(kind, columnNames[column]!)),
    ...currencies.map((currency) => words.net(currency)),
  ]
  const rows = result.groups.map((group) => [
    ...group.keys.map((key, at) => keyText(key, request.groupBy[at]?.bucket, words)),
    String(group.count),
    ...group.values.map((value) => value ?? ''),
    ...currencies.map(
      (currency) => group.net?.find((item) => item.currency === currency)?.net ?? '',
    ),
  ])
  const moneyOfFigure = figureMoney(request, columnNames)
  const money = [
    ...request.groupBy.map(() => null),
    null,
    ...request.measures.map(moneyOfFigure),
    ...currencies.map((currency) => ({ currency })),
  ]
  return { header, rows, keyCount: request.groupBy.length, money }
}

/** The currencies any group has a net in, in order. */
export function netCurrencies(result: PivotResult): string[] {
  const all = result.groups.flatMap((group) => (group.net ?? []).map((item) => item.currency))
  return [...new Set(all)].sort()
}
