import { ref } from 'vue'
import type { JobProgress } from '../../../../../preload/contract/platform/jobs'
import { call } from '../../../platform/bridge'
import { i18n } from '../../../platform/i18n'
import { dialogText } from '../../../platform/i18n/dialog-filters'
import type { useJobEvents } from './use-job-events'
import { count } from './view-format'

type ExportWhat = 'original' | 'view'
/** The formats the view is exported in. */
export type ViewFormat = 'xlsx' | 'csv' | 'tsv'

/** Saving the original file, or exporting the view (XLSX, CSV, TSV): one job at a time, with progress. */
export function useExport(reportId: string, jobs: ReturnType<typeof useJobEvents>) {
  const running = ref<{ jobId: string; label: string; progress: JobProgress | null } | null>(null)
  const outcome = ref<{ ok: boolean; text: string } | null>(null)

  /**
   * `columns`: for the view, those shown, in their order; `exactBytes`: a CSV or TSV without the
   * ' that keeps spreadsheets from running cells as formulas.
   */
  async function start(
    what: ExportWhat,
    columns: number[],
    format: ViewFormat = 'csv',
    exactBytes = false,
  ) {
    outcome.value = null
    const t = i18n.global.t
    const label =
      what === 'original'
        ? t('reports.export.original')
        : t('reports.export.view', { format: format.toUpperCase() })
    try {
      const { jobId, file } = await call('reports:export', {
        reportId,
        what,
        columns: what === 'view' ? columns : null,
        format,
        language: i18n.global.locale.value,
        exactBytes,
        ...dialogText(
          t(what === 'original' ? 'reports.dialogs.saveOriginal' : 'reports.dialogs.exportView'),
        ),
      })
      if (!jobId) return
      running.value = { jobId, label, progress: null }
      jobs.follow(jobId, {
        onProgress: (progress) => {
          if (running.value?.jobId === jobId) running.value = { ...running.value, progress }
        },
        onFinished: ({ outcome: end, message }) => {
          // The view's rows, as its last progress counted them (the original counts bytes).
          const rows = what === 'view' ? running.value?.progress?.total : null
          running.value = null
          outcome.value =
            end === 'done'
              ? {
                  ok: true,
                  text:
                    typeof rows === 'number'
                      ? t(
                          'reports.export.savedRows',
                          { file, n: count(rows, i18n.global.locale.value) },
                          rows,
                        )
                      : t('reports.export.saved', { file }),
                }
              : end === 'cancelled'
                ? { ok: true, text: t('reports.export.cancelled', { what: label }) }
                : {
                    ok: false,
                    text: t('reports.export.failed', {
                      what: label,
                      reason: message ?? t('reports.export.noReason'),
                    }),
                  }
        },
      })
    } catch (error) {
      outcome.value = {
        ok: false,
        text: t('reports.export.failed', { what: label, reason: (error as Error).message }),
      }
    }
  }

  function cancel() {
    if (running.value) void jobs.cancel(running.value.jobId)
  }

  return { running, outcome, start, cancel }
}
