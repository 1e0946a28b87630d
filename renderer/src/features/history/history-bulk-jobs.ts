import { ref } from 'vue'
import type { BulkJobView } from '../../../../preload/contract/bulk/bulk-channels'
import { call } from '../../platform/bridge'

/** The bulk jobs of the journal, newest first, for History's list of them. */
export function useHistoryBulkJobs() {
  const jobs = ref<BulkJobView[]>([])
  const failure = ref<string | null>(null)

  async function load(): Promise<void> {
    try {
      jobs.value = await call('bulk:jobs')
      failure.value = null
    } catch (error) {
      failure.value = (error as Error).message
    }
  }

  return { jobs, failure, load }
}
