import { ref } from 'vue'
import { call } from '../../../platform/bridge'
import { i18n } from '../../../platform/i18n'
import { dialogText } from '../../../platform/i18n/dialog-filters'
import type { PivotTable } from './pivot-rows'
import { count } from './view-format'

export type PivotFormat = 'xlsx' | 'csv'

/** Saving the pivot's table as shown: main asks where and writes the file, the window sends the table. */
export function usePivotExport(reportId: string) {
  const busy = ref(false)
  const outcome = ref<{ ok: boolean; text: string } | null>(null)

  async function save(format: PivotFormat, { header, rows, keyCount, money }: PivotTable) {
    const { t, locale } = i18n.global
    outcome.value = null
    busy.value = true
    try {
      const { file, rows: saved } = await call('report-pivot:export', {
        reportId,
        format,
        language: locale.value,
        // Plain copies: the IPC clones what it sends.
        table: {
          header: [...header],
          rows: rows.map((row) => [...row]),
          keyCount,
          money: money.map((of) => (of ? { ...of } : null)),
        },
        ...dialogText(t('reportPivot.dialogs.export')),
      })
      if (file)
        outcome.value = {
          ok: true,
          text: t('reportPivot.export.saved', { file, n: count(saved, locale.value) }, saved),
        }
    } catch (error) {
      outcome.value = {
        ok: false,
        text: t('reportPivot.export.failed', { reason: (error as Error).message }),
      }
    } finally {
      busy.value = false
    }
  }

  return { busy, outcome, save }
}
