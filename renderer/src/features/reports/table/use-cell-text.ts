import { computed, type Ref } from 'vue'
import { useI18n } from 'vue-i18n'
import type { ColumnType } from '../../../../../preload/contract/reports/report-view'
import { formatDateTime, formatDay } from '../../../platform/format/date-time'
import { cellWriter } from '../../../../../preload/contract/reports/cell-format'

/** The report's cells as the grid shows them, in the window's language (it follows a switch). */
export function useCellText(names: readonly string[], types: Ref<readonly ColumnType[]>) {
  const { locale } = useI18n()
  return computed(() =>
    cellWriter(names, types.value, locale.value, { dateTime: formatDateTime, day: formatDay }),
  )
}
