import { useRouter } from 'vue-router'
import { useBulkStore } from './bulk-store'

/**
 * A link to one bulk job from another screen (History): the Bulk screen shows the job its store
 * has selected, so the job is selected before the screen opens.
 */
export function useOpenBulkJob() {
  const router = useRouter()
  const bulk = useBulkStore()
  return async function openBulkJob(bulkJobId: string): Promise<void> {
    bulk.selectedJobId = bulkJobId
    await router.push('/bulk')
  }
}
