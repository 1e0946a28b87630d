import type { PivotBucket } from '../../../../../preload/contract/reports/report-pivot'
import { formatDay, formatMonth } from '../../../platform/format/date-time'
import { i18n } from '../../../platform/i18n'

/**
 * A pivot's date bucket key (a day or a week's Monday as YYYY-MM-DD, a month as YYYY-MM) in the
 * format the grid writes dates in: "2 Nov 2026", "Week of 2 Nov 2026", "November 2026".
 */
export function bucketLabel(key: string, bucket: PivotBucket): string {
  if (bucket === 'month') return formatMonth(key)
  const day = formatDay(key)
  return bucket === 'week' ? i18n.global.t('reportPivot.weekOf', { day }) : day
}
