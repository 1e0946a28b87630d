import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { ReportHeadView } from '../../../../preload/contract/reports/report-channels'
import type { SavedViewContent } from '../../../../preload/contract/reports/saved-views'
import { call, openDroppedReport } from '../../platform/bridge'
import { i18n } from '../../platform/i18n'
import { dialogText } from '../../platform/i18n/dialog-filters'

/** What the Result tab shows: a CSV report open in main's engine, or a PDF served by id. */
export type ReportResult =
  { kind: 'csv'; head: ReportHeadView } | { kind: 'pdf'; fileId: string; fileName: string }

/** Where the result on show came from, and when (Date.now()). */
export interface ResultOrigin {
  from: 'run' | 'file'
  at: number
  /** The template a run was started from: the result's saved views are that template's. */
  templateId?: string
}

/** The Reports screen's shared state: which tab is in front and the result on show. */
export const useReportsStore = defineStore('reports', () => {
  const tab = ref<'design' | 'result'>('design')
  const result = ref<ReportResult | null>(null)
  const origin = ref<ResultOrigin | null>(null)
  /**
   * A run after the result on show failed or was cancelled: the result stays, marked as the
   * previous one, until another replaces it.
   */
  const outdated = ref(false)
  const openError = ref<string | null>(null)
  /** The view a report reopened from the recent list was last seen with: the table opens in it. */
  const openingView = ref<SavedViewContent | null>(null)

  /**
   * Frees what main holds for the current result, if any: the CSV report it keeps open, or the
   * PDF's file id, which would otherwise serve the file for as long as the app runs.
   */
  async function release(): Promise<void> {
    const current = result.value
    result.value = null
    if (current?.kind === 'csv') await call('reports:close', { reportId: current.head.reportId })
    if (current?.kind === 'pdf') await call('reports:forget-file', { fileId: current.fileId })
  }

  async function show(
    next: ReportResult,
    from: ResultOrigin['from'] = 'file',
    templateId?: string,
    view: SavedViewContent | null = null,
  ): Promise<void> {
    await release()
    // Before the result: the table reads it as it mounts.
    openingView.value = view
    result.value = next
    origin.value = { from, at: Date.now(), ...(templateId ? { templateId } : {}) }
    outdated.value = false
    tab.value = 'result'
  }

  /** A run brought no report: the result on show, if any, is now the previous one. */
  function markOutdated(): void {
    if (result.value) outdated.value = true
  }

  /** Asks main to open a report file from disk (its own dialog): a CSV or a PDF, and shows it. */
  async function openFile(): Promise<void> {
    openError.value = null
    try {
      const opened = await call('reports:open-file', {
        ...dialogText(i18n.global.t('reports.dialogs.open')),
      })
      if (opened.kind === 'cancelled') return
      await show(opened)
    } catch (error) {
      openError.value = (error as Error).message
    }
  }

  /** Opens a report file dropped on the screen (main checks it is a CSV or a PDF), and shows it. */
  async function openDropped(files: File[]): Promise<void> {
    openError.value = null
    const [file] = files
    if (!file || files.length > 1) {
      openError.value = file
        ? i18n.global.t('reports.drop.many', { n: files.length })
        : i18n.global.t('reports.drop.none')
      return
    }
    try {
      await show(await openDroppedReport(file))
    } catch (error) {
      openError.value = (error as Error).message
    }
  }

  return {
    tab,
    result,
    origin,
    openingView,
    outdated,
    openError,
    show,
    markOutdated,
    release,
    openFile,
    openDropped,
  }
})
