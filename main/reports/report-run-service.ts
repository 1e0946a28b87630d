import { copyFile } from 'node:fs/promises'
import type { ReportRequestPreview } from '../../preload/contract/reports/report-run-channels'
import type { ReportRequest } from '../../preload/contract/reports/report-request'
import type { EnvironmentService } from '../environments/environment-service'
import type { JobRunner } from '../platform/jobs/job-runner'
import type { ReportFiles } from './report-files'
import { previewReportRequest } from './report-request-preview'
import { runCustomReport, type ReportRunDeps, type ReportRunRequest } from './report-run'
import type { RunOutcome } from './report-run-outcome'
import { explainedError } from '../platform/i18n/english'

export interface ReportRunServiceDeps extends ReportRunDeps {
  environments: Pick<EnvironmentService, 'reads'>
  reportFiles: Pick<ReportFiles, 'register' | 'resolve'>
  jobs: JobRunner
}

/** Finished runs whose outcome the window may still ask for. */
const OUTCOMES_KEPT = 50

/**
 * Runs custom reports for the Reports screen: each run is a report-download job that signs the
 * request with the environment's control key, streams the report into the report cache, and
 * opens it (a CSV in the report engine, a PDF by file id). Every run is recorded in History
 * before it leaves, and completed with its outcome, size and duration.
 */
export function createReportRunService(deps: ReportRunServiceDeps) {
  const outcomes = new Map<string, Promise<RunOutcome>>()
  /** Damaged PDFs runs refused, by file id: the name each is offered under when saved. */
  const damagedNames = new Map<string, string>()

  function remember(jobId: string, outcome: Promise<RunOutcome>) {
    outcomes.set(jobId, outcome)
    if (outcomes.size > OUTCOMES_KEPT) outcomes.delete(outcomes.keys().next().value!)
  }

  /** The name a damaged PDF a run refused is offered under when the user saves it. */
  function damagedName(fileId: string): string {
    const name = damagedNames.get(fileId)
    if (name === undefined) {
      throw explainedError('report.damaged-forgotten')
    }
    return name
  }

  return {
    /** Starts a run as a report-download job; returns its job id. */
    async start(input: ReportRunRequest): Promise<string> {
      // An environment that cannot be sent to is refused now, with nothing recorded: the
      // workspace's environments as they are when the run starts.
      const environments = await deps.environments.reads()
      const stored = environments.get(input.environmentId)
      const environment = {
        id: stored.id,
        name: stored.name,
        gateway: environments.gatewayEnvironment(stored.id),
        secrets: environments.signingSecrets(stored.id),
      }
      let settle: { resolve: (outcome: RunOutcome) => void; reject: (error: unknown) => void }
      const outcome = new Promise<RunOutcome>((resolve, reject) => (settle = { resolve, reject }))
      // The window may never ask; an unexpected failure must not be an unhandled rejection.
      outcome.catch(() => {})
      const { jobId } = deps.jobs.start('report-download', 'bytes', async (job) => {
        let result: RunOutcome
        try {
          result = await runCustomReport(deps, input, environment, job, (fileId, name) =>
            damagedNames.set(fileId, name),
          )
        } catch (error) {
          settle.reject(error)
          throw error
        }
        settle.resolve(result)
        // The job ends as the run did: done with a report, cancelled, or failed with the reason.
        if (result.outcome !== 'report') throw new Error(result.message)
      })
      remember(jobId, outcome)
      return jobId
    },

    /** The outcome of a run started in this session; waits until its job has finished. */
    outcome(jobId: string): Promise<RunOutcome> {
      const outcome = outcomes.get(jobId)
      if (!outcome) {
        throw explainedError('report.run-forgotten')
      }
      return outcome
    },

    damagedName,

    /** Copies a damaged PDF a run refused to `target`, on the user's request. */
    async saveDamaged(fileId: string, target: string): Promise<void> {
      damagedName(fileId)
      await copyFile(deps.reportFiles.resolve(fileId)!.path, target)
    },

    /** What a run of `request` would send now; the control key never leaves main. */
    async preview(environmentId: string, request: ReportRequest): Promise<ReportRequestPreview> {
      const environments = await deps.environments.reads()
      const gatewayEnvironment = environments.gatewayEnvironment(environmentId)
      const controlKey = await environments.signingSecrets(environmentId).controlKey()
      return previewReportRequest(deps.gateway, gatewayEnvironment, controlKey, request)
    },
  }
}

export type ReportRunService = ReturnType<typeof createReportRunService>
