import type {
  PivotGroup,
  PivotRequest,
  PivotResult,
} from '../../../preload/contract/reports/report-pivot'
import {
  AVG_EXTRA_SCALE,
  netSignOf,
  PIVOT_GROUPS_MAX,
} from '../../../preload/contract/reports/pivot-rules'
import { averageOf, fromUnits, toUnits } from './exact-decimal'
import type { MeasuredColumn, PivotPlan } from './pivot-sql'

/** A row of the pivot's query (see pivotPlan): keys k0…, cur, typ, n, nn0, s0, lo0, hi0… */
export type PivotRow = Record<string, unknown>

/** A measured column's figures over the rows of one group so far. */
interface Tally {
  numbers: bigint
  sum: bigint
  min: bigint | null
  max: bigint | null
}

/** One group as its rows are added up. */
interface Building {
  id: string
  keys: (string | null)[]
  count: number
  tallies: Tally[]
  /** Σ Amount × sign per currency, in units of Amount's scale. */
  net: Map<string, bigint>
}

/** The most currencies one group lists its net in (the contract's bound). */
const CURRENCIES_MAX = 1000

/**
 * The groups of the pivot's rows, in their order: the rows of one group (one per currency and
 * type when split for the net figure) come together and are added up in exact decimals.
 */
export function pivotResult(
  plan: PivotPlan,
  request: PivotRequest,
  rows: readonly PivotRow[],
  amountColumn: number | null,
): PivotResult {
  const groups: PivotGroup[] = []
  let moreGroups = false
  let current = null as Building | null
  const amountAt = plan.measured.findIndex((item) => item.column === amountColumn)
  const amountScale = plan.measured[amountAt]?.scale ?? 0
  const close = () => {
    if (current) groups.push(finish(current, plan, request, amountScale))
  }
  for (const row of rows) {
    const keys = request.groupBy.map((_, index) => text(row[`k${index}`]))
    const id = JSON.stringify(keys)
    if (current?.id !== id) {
      close()
      if (groups.length === PIVOT_GROUPS_MAX) {
        moreGroups = true
        current = null
        break
      }
      current = { id, keys, count: 0, tallies: plan.measured.map(emptyTally), net: new Map() }
    }
    current.count += Number(row['n'])
    plan.measured.forEach((item, index) => add(current!.tallies[index]!, item, row, index))
    if (plan.net) {
      const currency = text(row['cur']) ?? ''
      const sign = BigInt(netSignOf(text(row['typ']) ?? '', request.netSigns))
      const amount = toUnits(text(row[`s${amountAt}`]) ?? '0', amountScale)
      current.net.set(currency, (current.net.get(currency) ?? 0n) + sign * amount)
    }
  }
  close()
  return { groups, moreGroups }
}

function emptyTally(): Tally {
  return { numbers: 0n, sum: 0n, min: null, max: null }
}

function add(tally: Tally, item: MeasuredColumn, row: PivotRow, index: number) {
  tally.numbers += BigInt(text(row[`nn${index}`]) ?? 0)
  const units = (name: string) => {
    const value = text(row[`${name}${index}`])
    return value === null ? null : toUnits(value, item.scale)
  }
  if (item.sum) tally.sum += units('s') ?? 0n
  const low = item.min ? units('lo') : null
  if (low !== null && (tally.min === null || low < tally.min)) tally.min = low
  const high = item.max ? units('hi') : null
  if (high !== null && (tally.max === null || high > tally.max)) tally.max = high
}

function finish(
  group: Building,
  plan: PivotPlan,
  request: PivotRequest,
  amountScale: number,
): PivotGroup {
  const values = request.measures.map(({ column, kind }) => {
    const at = plan.measured.findIndex((item) => item.column === column)
    const { scale } = plan.measured[at]!
    const tally = group.tallies[at]!
    if (tally.numbers === 0n) return null
    switch (kind) {
      case 'sum':
        return fromUnits(tally.sum, scale)
      case 'avg':
        return averageOf(tally.sum, Number(tally.numbers), scale, AVG_EXTRA_SCALE)
      case 'min':
        return fromUnits(tally.min!, scale)
      case 'max':
        return fromUnits(tally.max!, scale)
    }
  })
  return {
    keys: group.keys,
    count: group.count,
    values,
    net: plan.net
      ? [...group.net]
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .slice(0, CURRENCIES_MAX)
          .map(([currency, net]) => ({ currency, net: fromUnits(net, amountScale) }))
      : null,
  }
}

function text(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value)
}
