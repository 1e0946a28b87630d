// The pivot's bounds and the net figure's default signs, apart from their schemas: the query
// process reads them without loading zod (see report-limits.ts).

/** The most columns a pivot groups by. */
export const PIVOT_KEYS_MAX = 3
/** The most groups a pivot lists; beyond them it says there are more (`moreGroups`). */
export const PIVOT_GROUPS_MAX = 1000
/** The most measures one pivot asks for. */
export const PIVOT_MEASURES_MAX = 64
/** The most Transaction_type values whose net sign the user sets. */
export const NET_SIGNS_MAX = 1000
/**
 * An average has this many more fraction digits than its column (2 for an integer column, 5 for
 * the gateway's 3-digit Amount), rounded half away from zero.
 */
export const AVG_EXTRA_SCALE = 2

export const PIVOT_BUCKETS = ['day', 'week', 'month'] as const
/** How a date or timestamp key is grouped: by day, by ISO week (from its Monday), by month. */
export type PivotBucket = (typeof PIVOT_BUCKETS)[number]

export const PIVOT_MEASURE_KINDS = ['sum', 'min', 'max', 'avg'] as const
export type PivotMeasureKind = (typeof PIVOT_MEASURE_KINDS)[number]

/** How a Transaction_type counts in the net figure: added, subtracted, or left out. */
export type NetSign = 1 | -1 | 0

// The spec names no type values; the gateway's reports (and the sandbox's) write sale, capture,
// refund and payout. Money going back or out subtracts; an authorisation or a void moves none.
const SUBTRACTED = /refund|chargeback|reversal|payout|return|credit/i
const LEFT_OUT = /^\s*(pre-?auth|auth|void|cancel|verif)/i

/** The sign a Transaction_type value takes in the net figure until the user sets another. */
export function defaultNetSign(type: string): NetSign {
  if (SUBTRACTED.test(type)) return -1
  if (LEFT_OUT.test(type)) return 0
  return 1
}

/** The sign of `type`: the user's, else the default. */
export function netSignOf(
  type: string,
  signs: readonly { type: string; sign: NetSign }[],
): NetSign {
  return signs.find((set) => set.type === type)?.sign ?? defaultNetSign(type)
}
