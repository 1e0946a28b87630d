import { ref } from 'vue'
import type { JobProgress } from '../../../../../preload/contract/platform/jobs'
import { call } from '../../../platform/bridge'
import { formattingLocale } from '../../../platform/format/date-time'
import { i18n } from '../../../platform/i18n'
import type { useJobEvents } from './use-job-events'

/** Where a print of the view is: being made (with progress), on show, or what stopped it. */
export type PrintStage =
  | { kind: 'making'; jobId: string; progress: JobProgress | null }
  | { kind: 'preview'; fileId: string; fileName: string }
  | { kind: 'stopped'; ok: boolean; text: string }

/**
 * Printing the view: main makes a PDF of its first rows in a job (progress, cancel), shown as a
 * preview in the PDF viewer, whose Save and Print do the rest. One print at a time.
 */
export function usePrintView(reportId: string, jobs: ReturnType<typeof useJobEvents>) {
  const t = i18n.global.t
  const stage = ref<PrintStage | null>(null)

  async function start(columns: number[], filters: string[]) {
    if (stage.value?.kind === 'making') return
    const failed = (reason: string) =>
      (stage.value = { kind: 'stopped', ok: false, text: t('reportPrint.failed', { reason }) })
    try {
      const language = i18n.global.locale.value
      const { jobId, fileId, fileName } = await call('report-print:view', {
        reportId,
        columns,
        language,
        dateLocale: formattingLocale(language),
        filters,
      })
      stage.value = { kind: 'making', jobId, progress: null }
      jobs.follow(jobId, {
        onProgress: (progress) => {
          if (stage.value?.kind === 'making' && stage.value.jobId === jobId)
            stage.value = { ...stage.value, progress }
        },
        onFinished: ({ outcome, message }) => {
          if (stage.value?.kind !== 'making' || stage.value.jobId !== jobId) return
          if (outcome === 'done') stage.value = { kind: 'preview', fileId, fileName }
          else if (outcome === 'cancelled')
            stage.value = { kind: 'stopped', ok: true, text: t('reportPrint.cancelled') }
          else failed(message ?? t('reports.export.noReason'))
        },
      })
    } catch (error) {
      failed((error as Error).message)
    }
  }

  function cancel() {
    if (stage.value?.kind === 'making') void jobs.cancel(stage.value.jobId)
  }

  /** Ends what is on: a print being made is cancelled, a preview's file is let go. */
  async function close() {
    const current = stage.value
    stage.value = null
    if (current?.kind === 'making') await jobs.cancel(current.jobId)
    if (current?.kind === 'preview') await call('reports:forget-file', { fileId: current.fileId })
  }

  return { stage, start, cancel, close }
}
