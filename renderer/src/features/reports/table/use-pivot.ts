import { ref, shallowRef } from 'vue'
import {
  defaultNetSign,
  PIVOT_KEYS_MAX,
  type NetSign,
  type PivotKey,
  type PivotMeasure,
  type PivotRequest,
  type PivotResult,
} from '../../../../../preload/contract/reports/report-pivot'
import type { ColumnType } from '../../../../../preload/contract/reports/report-view'
import { call } from '../../../platform/bridge'
import { isNumeric } from './column-layout'

/** Whether a column's values can be grouped by day, week or month. */
export const isDated = (type: ColumnType | undefined) =>
  type?.kind === 'date' || type?.kind === 'timestamp'

/**
 * The pivot the user sets up over the current view, and its last result: the keys to group by,
 * the figures, the net sign of each transaction type (defaults from defaultNetSign until set).
 * A transactions report starts as Currency by day of Created_date, Amount summed.
 */
export function usePivot(
  reportId: string,
  columnNames: readonly string[],
  columnTypes: () => readonly ColumnType[],
) {
  const named = (name: string) =>
    columnNames.findIndex((column) => column.trim().toLowerCase() === name)
  const keys = ref<PivotKey[]>(openingKeys())
  const measures = ref<PivotMeasure[]>(openingMeasures())
  const signs = ref<Record<string, NetSign>>({})
  const result = shallowRef<PivotResult | null>(null)
  /** The request `result` answers: its table and chart are headed by it. */
  const built = shallowRef<PivotRequest | null>(null)
  const busy = ref(false)
  const error = ref<string | null>(null)
  let latest = 0

  function openingKeys(): PivotKey[] {
    const types = columnTypes()
    const date = named('created_date')
    const keys: PivotKey[] = []
    if (date >= 0 && isDated(types[date])) keys.push({ column: date, bucket: 'day' })
    const currency = named('currency')
    if (currency >= 0) keys.push({ column: currency })
    return keys.length > 0 ? keys : [{ column: 0 }]
  }

  function openingMeasures(): PivotMeasure[] {
    const amount = named('amount')
    return amount >= 0 && isNumeric(columnTypes()[amount]!) ? [{ column: amount, kind: 'sum' }] : []
  }

  const signOf = (type: string): NetSign => signs.value[type] ?? defaultNetSign(type)

  function setSign(type: string, sign: NetSign) {
    signs.value = { ...signs.value, [type]: sign }
  }

  function addKey() {
    if (keys.value.length >= PIVOT_KEYS_MAX) return
    const used = new Set(keys.value.map((key) => key.column))
    const free = columnNames.findIndex((_, column) => !used.has(column))
    if (free >= 0) keys.value = [...keys.value, { column: free }]
  }

  async function build() {
    const pivot: PivotRequest = {
      groupBy: keys.value.map((key) => ({ ...key })),
      measures: measures.value.map((measure) => ({ ...measure })),
      netSigns: Object.entries(signs.value).map(([type, sign]) => ({ type, sign })),
    }
    const mine = ++latest
    busy.value = true
    error.value = null
    try {
      const answer = await call('reports:pivot', { reportId, pivot })
      if (mine !== latest) return
      result.value = answer
      built.value = pivot
    } catch (cause) {
      if (mine === latest) error.value = (cause as Error).message
    } finally {
      if (mine === latest) busy.value = false
    }
  }

  /** Sets up `request` (a saved view's pivot) and builds it. */
  function apply(request: PivotRequest) {
    keys.value = request.groupBy.map((key) => ({ ...key }))
    measures.value = request.measures.map((measure) => ({ ...measure }))
    signs.value = Object.fromEntries(request.netSigns.map(({ type, sign }) => [type, sign]))
    return build()
  }

  return { keys, measures, signOf, setSign, addKey, result, built, busy, error, build, apply }
}
