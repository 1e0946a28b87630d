import { defineStore } from 'pinia'
import { ref } from 'vue'
import type {
  BulkDryRun,
  BulkImport,
  BulkJobView,
  BulkPreview,
  BulkProgressView,
  BulkRunSettings,
} from '../../../../preload/contract/bulk-channels'
import { call } from '../../bridge'

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
  }
})
