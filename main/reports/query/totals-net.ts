import { netSignOf } from '../../../preload/contract/reports/pivot-rules'
import type { ColumnType } from '../../../preload/contract/reports/report-view'
import { fromUnits, toUnits } from './exact-decimal'

/** A row of the totals query: of a currency?, of a type?, their names, its count and sums. */
export type TotalsRow = [boolean, boolean, string, string, bigint, ...string[]]

/**
 * The most currency-and-type pairs whose Amount totals add up each currency's net: beyond, the
 * Currency or Transaction_type column holds no codes but anything, and no net is given.
 */
export const PAIRS_MAX = 10_000

/**
 * Each currency's net Amount, by the default sign of each Transaction_type (pivot-rules.ts),
 * from the rows of a currency and a type, in exact decimals; null past PAIRS_MAX pairs.
 */
export function netOfPairs(
  rows: readonly TotalsRow[],
  amountAt: number,
  amountType: ColumnType,
): Map<string, string> | null {
  const pairs = rows.filter(([ofCurrency, ofType]) => ofCurrency && ofType)
  if (pairs.length > PAIRS_MAX) return null
  const scale = amountType.kind === 'decimal' ? amountType.scale : 0
  const net = new Map<string, bigint>()
  for (const [, , currency, type, , ...sums] of pairs) {
    const amount = toUnits(sums[amountAt]!, scale) * BigInt(netSignOf(type, []))
    net.set(currency, (net.get(currency) ?? 0n) + amount)
  }
  return new Map([...net].map(([currency, units]) => [currency, fromUnits(units, scale)]))
}
