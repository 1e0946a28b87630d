import type {
  HistoryEntryView,
  HistoryFilterInput,
} from '../../../../preload/contract/history/history-channels'
import type { RequestOutcome } from '../../../../preload/contract/platform/request-outcomes'

export type HistoryOutcome = RequestOutcome

/** One set of History filters: what the boxes hold, or what the shown results were searched with. */
export interface HistoryCriteria {
  /** Any part of an order ID, profile, serial number, incident ID or message. */
  text: string
  operation: HistoryEntryView['operation'] | null
  environmentId: string | null
  outcome: HistoryOutcome | null
  /** The first and the last day to include, as instants within those days (the date picker's). */
  days: [number, number] | null
}

export const noCriteria = (): HistoryCriteria => ({
  text: '',
  operation: null,
  environmentId: null,
  outcome: null,
  days: null,
})

/** Midnight starting the local day `offset` days after the one holding the instant. */
function localMidnight(instant: number | Date, offset = 0): Date {
  const day = new Date(instant)
  return new Date(day.getFullYear(), day.getMonth(), day.getDate() + offset)
}

/**
 * The picked days as the instants main filters on: `from` is local midnight starting the first
 * day, `to` local midnight after the last day (excluded), both as ISO instants in UTC.
 */
export function dayRange(first: number | Date, last: number | Date): { from: string; to: string } {
  return {
    from: localMidnight(first).toISOString(),
    to: localMidnight(last, 1).toISOString(),
  }
}

/** The filter main understands: trimmed text, and the date range as ISO instants (end excluded). */
export function toQuery(criteria: HistoryCriteria): HistoryFilterInput {
  const query: HistoryFilterInput = {}
  const text = criteria.text.trim()
  if (text) query.text = text
  if (criteria.operation) query.operation = criteria.operation
  if (criteria.environmentId) query.environmentId = criteria.environmentId
  if (criteria.outcome) query.outcome = criteria.outcome
  if (criteria.days) Object.assign(query, dayRange(criteria.days[0], criteria.days[1]))
  return query
}

/** Whether two sets of filters search for the same thing (texts compared as trimmed). */
export const sameCriteria = (a: HistoryCriteria, b: HistoryCriteria): boolean =>
  JSON.stringify(toQuery(a)) === JSON.stringify(toQuery(b))
