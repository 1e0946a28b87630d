import { ref } from 'vue'
import type { PDFDocumentProxy } from 'pdfjs-dist'
import { call } from '../../../platform/bridge'
import { i18n } from '../../../platform/i18n'
import { dialogText } from '../../../platform/i18n/dialog-filters'
import { useJobEvents } from '../table/use-job-events'
import { reasonOf } from './pdf-errors'

/**
 * Saving the PDF on show as it came (main's dialog, main's copy: the window never has a path it
 * may write) and printing it, one of each at a time; `status` is what the last one came to.
 */
export function usePdfFileActions(fileId: () => string) {
  const t = i18n.global.t
  const jobs = useJobEvents()
  const saving = ref<{ jobId: string } | null>(null)
  const printing = ref<{ done: number; total: number } | null>(null)
  let printAbort: AbortController | null = null
  const status = ref<{ ok: boolean; text: string } | null>(null)

  const saveFailed = (reason: string) => ({
    ok: false,
    text: t('reportPdf.saveFailed', { reason }),
  })

  async function save() {
    if (saving.value) return
    status.value = null
    try {
      const { jobId, file } = await call('report-files:save', {
        fileId: fileId(),
        ...dialogText(t('reports.dialogs.saveOriginal')),
      })
      if (!jobId) return
      saving.value = { jobId }
      jobs.follow(jobId, {
        onFinished: ({ outcome, message }) => {
          saving.value = null
          status.value =
            outcome === 'done'
              ? { ok: true, text: t('reportPdf.saved', { file }) }
              : outcome === 'cancelled'
                ? { ok: true, text: t('reportPdf.saveCancelled') }
                : saveFailed(message ?? t('reports.export.noReason'))
        },
      })
    } catch (error) {
      status.value = saveFailed((error as Error).message)
    }
  }

  function cancelSave() {
    if (saving.value) void jobs.cancel(saving.value.jobId)
  }

  /** Draws every page for print, with progress, then opens the window's print. */
  async function print(pdfDocument: PDFDocumentProxy) {
    if (printing.value) return
    status.value = null
    const abort = (printAbort = new AbortController())
    printing.value = { done: 0, total: pdfDocument.numPages }
    try {
      const { printPdf } = await import('./pdf-print')
      await printPdf(pdfDocument, {
        signal: abort.signal,
        onProgress: (done, total) => {
          if (!abort.signal.aborted) printing.value = { done, total }
        },
      })
    } catch (error) {
      if (!abort.signal.aborted) {
        status.value = { ok: false, text: t('reportPdf.printFailed', { reason: reasonOf(error) }) }
      }
    } finally {
      if (printAbort === abort) printing.value = null
    }
  }

  /** The dialog goes at once; the page being drawn is the last (its images go with it). */
  function cancelPrint() {
    printAbort?.abort()
    printAbort = null
    printing.value = null
  }

  return { saving, printing, status, save, cancelSave, print, cancelPrint }
}
