import type {
  PivotRequest,
  PivotResult,
} from '../../../../../preload/contract/reports/report-pivot'
import { keyText, type PivotWords } from './pivot-rows'

/** The most series a chart draws: the groups of more are left to the table. */
export const CHART_SERIES_MAX = 12

export interface PivotChartData {
  /** The first key's values, in the pivot's order: the x axis. */
  categories: string[]
  /** One per value of the other keys (one in all for a single key). */
  series: { name: string; values: (number | null)[] }[]
  /** A line when the first key is a date bucket (a value over time), else bars. */
  line: boolean
}

/**
 * What the chart draws of a built pivot: `figure` of each group (the index of a measure, or
 * null for the row count), by the first key along the x axis, a series per value of the others.
 * Numbers are for drawing only: the table holds the exact decimals.
 */
export function pivotChartData(
  result: PivotResult,
  request: PivotRequest,
  figure: number | null,
  words: Pick<PivotWords, 'noDate' | 'bucketKey'> & { all: string },
): PivotChartData {
  const label = (key: string | null, at = 0) => keyText(key, request.groupBy[at]?.bucket, words)
  const categories = [...new Set(result.groups.map((group) => label(group.keys[0] ?? null)))]
  const byName = new Map<string, (number | null)[]>()
  for (const group of result.groups) {
    const rest =
      group.keys
        .slice(1)
        .map((key, at) => label(key, at + 1))
        .join(' · ') || words.all
    if (!byName.has(rest) && byName.size === CHART_SERIES_MAX) continue
    const values = byName.get(rest) ?? categories.map(() => null)
    byName.set(rest, values)
    const value = figure === null ? String(group.count) : group.values[figure]
    values[categories.indexOf(label(group.keys[0] ?? null))] =
      value === null || value === undefined ? null : Number(value)
  }
  return {
    categories,
    series: [...byName].map(([name, values]) => ({ name, values })),
    line: request.groupBy[0]?.bucket !== undefined,
  }
}
