import { ref } from 'vue'
import type { BulkJobView } from '../../../../preload/contract/bulk/bulk-channels'
import type { TeamBulkJobView } from '../../../../preload/contract/workspace/workspace-channels'
import { call } from '../../platform/bridge'

/**
 * The bulk jobs for History's list of them, newest first: this desk's journal's, or in the team
 * workspace the team's (the desks work on them with bulk-update --workspace team).
 */
export function useHistoryBulkJobs() {
  const jobs = ref<BulkJobView[]>([])
  const teamJobs = ref<TeamBulkJobView[] | null>(null)
  const failure = ref<string | null>(null)

  async function load(): Promise<void> {
    try {
      const team = await call('workspace:team-bulk-jobs')
      teamJobs.value = team.workspace === 'team' ? team.jobs : null
      jobs.value = team.workspace === 'team' ? [] : await call('bulk:jobs')
      failure.value = null
    } catch (error) {
      failure.value = (error as Error).message
    }
  }

  return { jobs, teamJobs, failure, load }
}
