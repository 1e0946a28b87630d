import { inject, provide, type InjectionKey } from 'vue'
import type { DistinctValues } from '../../../../../preload/contract/reports/report-distinct'
import { call } from '../../../platform/bridge'

/** A column's distinct values with counts in the report's current view (its own filter left out). */
export type DistinctValuesOf = (column: number) => Promise<DistinctValues>

const DISTINCT_VALUES: InjectionKey<DistinctValuesOf> = Symbol('distinct values')

/** Lets the filter popovers under this component list the values of `reportId`'s columns. */
export function provideDistinctValues(reportId: string): void {
  provide(DISTINCT_VALUES, (column) => call('reports:distinct-values', { reportId, column }))
}

/** The report's distinct values, or null outside a report table (no checklist then). */
export function injectDistinctValues(): DistinctValuesOf | null {
  return inject(DISTINCT_VALUES, null)
}
