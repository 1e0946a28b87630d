import { defineStore } from 'pinia'
import { ref } from 'vue'
import type {
  BulkDryRun,
  BulkImport,
  BulkJobView,
  BulkPreview,
  BulkProgressView,
  BulkRunSettings,
} from '../../../../preload/contract/bulk/bulk-channels'
import { call } from '../../platform/bridge'
import { dialogText } from '../../platform/i18n/dialog-filters'

export type PreviewFilter = 'all' | 'problems' | 'excluded'
export const PREVIEW_PAGE = 50

/** The Bulk updates screen: the import being prepared, and the jobs in the journal. */
export const useBulkStore = defineStore('bulk', () => {
  const imported = ref<BulkImport | null>(null)
  const preview = ref<BulkPreview | null>(null)
  const filter = ref<PreviewFilter>('all')
  const page = ref(1)
  const dryRun = ref<BulkDryRun | null>(null)
  const jobs = ref<BulkJobView[]>([])
  const selectedJobId = ref<string | null>(null)
  const progress = ref<Record<string, BulkProgressView>>({})
  const error = ref<string | null>(null)
  const settings = ref<Omit<BulkRunSettings, 'environmentId'>>({
    profileType: null,
    concurrency: 4,
    rate: null,
  })

  /** Runs a step; its failure is shown at the top of the screen. */
  async function attempt<T>(step: () => Promise<T>): Promise<T | undefined> {
    error.value = null
    try {
      return await step()
    } catch (failure) {
      error.value = (failure as Error).message
      return undefined
    }
  }

  async function loadPreview() {
    if (!imported.value) return
    const importId = imported.value.importId
    preview.value = await call('bulk:preview', {
      importId,
      filter: filter.value,
      offset: (page.value - 1) * PREVIEW_PAGE,
      limit: PREVIEW_PAGE,
    })
  }

  async function useImport(next: BulkImport) {
    imported.value = next
    dryRun.value = null
    page.value = 1
    filter.value = 'all'
    await loadPreview()
  }

  async function loadJobs() {
    jobs.value = await call('bulk:jobs')
  }

  /** Imports the table file the user picks in main's dialog (`title` names it). */
  async function openFile(title: string) {
    const result = await call('bulk:open-file', dialogText(title))
    if (result.kind === 'imported') await useImport(result.import)
  }

  const paste = async (text: string) => useImport(await call('bulk:paste', { text }))

  /** Reads the import again with another encoding or delimiter. */
  async function reread(change: { encoding?: string; delimiter?: string }) {
    const current = imported.value
    if (!current) return
    await useImport(
      await call('bulk:reread', {
        importId: current.importId,
        encoding: change.encoding ?? current.encoding,
        delimiter: change.delimiter ?? current.delimiter,
      }),
    )
  }

  /** Sends `column` as `parameter` ('' for none); the dry run is then out of date. */
  async function mapColumn(column: number, parameter: string) {
    const current = imported.value
    if (!current) return
    const mapping = current.mapping.map((p, i) => (i === column ? parameter || null : p))
    imported.value = await call('bulk:set-mapping', { importId: current.importId, mapping })
    dryRun.value = null
    await loadPreview()
  }

  /** Puts `value` in one cell, keeping the page's rows where they are while the counts change. */
  async function fixCell(target: { rowNumber: number; column: number }, value: string) {
    const importId = imported.value?.importId
    if (!importId) return
    const updated = await call('bulk:fix', { importId, ...target, value })
    if (preview.value) {
      preview.value.rows = preview.value.rows.map((r) =>
        r.rowNumber === updated.rowNumber ? updated : r,
      )
    }
    dryRun.value = null
    const fresh = await call('bulk:preview', {
      importId,
      filter: filter.value,
      offset: (page.value - 1) * PREVIEW_PAGE,
      limit: PREVIEW_PAGE,
    })
    preview.value = { ...fresh, rows: preview.value?.rows ?? fresh.rows }
  }

  async function exclude(rowNumbers: number[], excluded: boolean) {
    const importId = imported.value?.importId
    if (!importId) return
    await call('bulk:exclude', { importId, rowNumbers, excluded })
    dryRun.value = null
    await loadPreview()
  }

  async function excludeAllWithProblems() {
    const importId = imported.value?.importId
    if (!importId) return
    const all = await call('bulk:preview', { importId, filter: 'problems', offset: 0, limit: 500 })
    await exclude(
      all.rows.map((r) => r.rowNumber),
      true,
    )
  }

  async function tryRun(chosen: BulkRunSettings) {
    const importId = imported.value?.importId
    if (importId) dryRun.value = await call('bulk:dry-run', { importId, settings: chosen })
  }

  /** Starts the job; the import is then done with, and the new job is shown. */
  async function start(chosen: BulkRunSettings) {
    const importId = imported.value?.importId
    if (!importId) return
    const { bulkJobId } = await call('bulk:start', { importId, settings: chosen })
    imported.value = null
    preview.value = null
    dryRun.value = null
    selectedJobId.value = bulkJobId
    await loadJobs()
  }

  window.gatedesk.on('bulk:progress', (event) => {
    progress.value = { ...progress.value, [event.bulkJobId]: event }
    const job = jobs.value.find((j) => j.bulkJobId === event.bulkJobId)
    if (job && job.state !== event.state) void loadJobs()
  })

  return {
    imported,
    preview,
    filter,
    page,
    dryRun,
    jobs,
    selectedJobId,
    progress,
    error,
    settings,
    attempt,
    loadPreview,
    useImport,
    loadJobs,
    openFile,
    paste,
    reread,
    mapColumn,
    fixCell,
    exclude,
    excludeAllWithProblems,
    tryRun,
    start,
  }
})
