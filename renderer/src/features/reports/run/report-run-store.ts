import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { EnvironmentView } from '../../../../../preload/contract/environments/environment'
import type { JobProgress } from '../../../../../preload/contract/platform/jobs'
import type { ReportRequest } from '../../../../../preload/contract/reports/report-request'
import type {
  ReportRunInput,
  ReportRunOutcome,
} from '../../../../../preload/contract/reports/report-run-channels'
import { call, cancelJob } from '../../../platform/bridge'
import { dialogText } from '../../../platform/i18n/dialog-filters'
import { useReportsStore } from '../reports-store'

/** The run on show: where it went, when, how far it got, and what came back. */
export interface ShownRun {
  environmentName: string
  /** Date.now() when it started, for the elapsed time. */
  startedAt: number
  jobId: string | null
  progress: Pick<JobProgress, 'done' | 'total'>
  outcome: ReportRunOutcome | null
  /** Main refused to start the run, or lost it: its words. */
  failure: string | null
}

/**
 * The Reports screen's running part: one run at a time, kept here so it goes on (and its outcome
 * is still shown) while the user visits another screen. Progress comes from `jobs:progress`; the
 * outcome from `report-runs:outcome`, which answers once the run's job has finished.
 */
export const useReportRunStore = defineStore('report-run', () => {
  const run = ref<ShownRun | null>(null)
  const running = ref(false)
  const cancelling = ref(false)

  window.gatedesk.on('jobs:progress', (event) => {
    if (run.value !== null && event.jobId === run.value.jobId) {
      run.value.progress = { done: event.done, total: event.total }
    }
  })

  async function start(environment: EnvironmentView, input: ReportRunInput): Promise<void> {
    if (running.value) return
    running.value = true
    cancelling.value = false
    run.value = {
      environmentName: environment.name,
      startedAt: Date.now(),
      jobId: null,
      progress: { done: 0, total: null },
      outcome: null,
      failure: null,
    }
    // The reactive run: changes to it show at once.
    const current = run.value
    try {
      const { jobId } = await call('report-runs:start', input)
      current.jobId = jobId
      const outcome = await call('report-runs:outcome', { jobId })
      current.outcome = outcome
      if (outcome.outcome === 'report') {
        const { result } = outcome
        await useReportsStore().show(
          result.kind === 'csv'
            ? { kind: 'csv', head: result.head }
            : { kind: 'pdf', fileId: result.fileId, fileName: result.fileName },
          'run',
          input.template?.id,
        )
      } else {
        useReportsStore().markOutdated()
      }
    } catch (error) {
      current.failure = (error as Error).message
      useReportsStore().markOutdated()
    } finally {
      running.value = false
      cancelling.value = false
    }
  }

  async function cancel(): Promise<void> {
    const jobId = run.value?.jobId
    if (!running.value || !jobId || cancelling.value) return
    cancelling.value = true
    try {
      await cancelJob(jobId)
    } catch (error) {
      cancelling.value = false
      if (run.value) run.value.failure = (error as Error).message
    }
  }

  /** Puts the outcome message away; the run's report stays on the Result tab. */
  function dismiss(): void {
    if (!running.value) run.value = null
  }

  /** The report request `request` makes, signed by main for a look, not sent. */
  const signPreview = (environmentId: string, request: ReportRequest) =>
    call('report-runs:preview', { environmentId, request })

  /** Saves a damaged PDF's bytes where the user picks (`title` names the dialog): the file, or null. */
  async function saveDamaged(fileId: string, title: string): Promise<string | null> {
    const { file } = await call('report-runs:save-damaged', { fileId, ...dialogText(title) })
    return file
  }

  return { run, running, cancelling, start, cancel, dismiss, saveDamaged, signPreview }
})
