import { onUnmounted, ref } from 'vue'
import type { JobProgress } from '../../../../preload/contract/platform/jobs'
import { cancelJob } from '../../platform/bridge'
import { i18n } from '../../platform/i18n'
import { useHistoryStore } from './history-store'

/**
 * Exporting the filtered history as CSV: main's job tells its progress in rows (its id comes with
 * the first), Cancel stops it with nothing written, and how it ended is said in a status line
 * beside the list rather than in a toast.
 */
export function useHistoryExport() {
  const store = useHistoryStore()
  const exporting = ref(false)
  const progress = ref<JobProgress | null>(null)
  const outcome = ref<{ ok: boolean; text: string } | null>(null)
  const off = window.gatedesk.on('jobs:progress', (event) => {
    if (exporting.value && event.kind === 'history-export') progress.value = event
  })
  onUnmounted(off)

  async function start() {
    const t = i18n.global.t
    exporting.value = true
    outcome.value = null
    try {
      const result = await store.exportCsv()
      if (result.kind === 'saved') {
        const text = t('history.export.saved', { file: result.fileName, rows: result.rows })
        outcome.value = { ok: true, text }
      } else if (result.kind === 'stopped') {
        outcome.value = { ok: true, text: t('history.export.stopped') }
      }
    } catch (error) {
      const text = t('history.export.failed', { message: (error as Error).message })
      outcome.value = { ok: false, text }
    } finally {
      exporting.value = false
      progress.value = null
    }
  }

  function cancel() {
    if (progress.value) void cancelJob(progress.value.jobId)
  }

  return { exporting, progress, outcome, start, cancel }
}
