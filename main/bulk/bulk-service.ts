import type {
  BulkDryRun,
  BulkJobView,
  BulkProgressView,
  BulkResultRow,
  BulkRunSettings,
} from '../../preload/contract/bulk/bulk-channels'
import type { JobRunner } from '../platform/jobs/job-runner'
import { thisProcess, type Runner } from '../platform/jobs/runner-process'
import type { RecurringDeps } from '../recurring/recurring-update-service'
import type { RecurringSending } from '../recurring/recurring-sending'
import type { BulkJob, BulkJournal, BulkRowFilter } from './bulk-journal-repository'
import { isInterrupted, runByOther } from './bulk-claim'
import type { BulkSource } from './bulk-source'
import { dryRun } from './dry-run'
import { jobFromImport } from './job-from-import'
import type { ImportSessions } from './import-sessions'
import { createBulkJobService } from './job-service'
import { environmentNames, jobView, resultRowView } from './job-views'
import { createLiveRuns, type LiveRun } from './live-runs'
import { resendOrderId } from './order-ids'
import { jobOfFailedRows } from './failed-again'
import type { PastedTables } from './pasted-tables'
import { configuredEnvironments, rowContexts } from './row-environments'
import { explainedError } from '../platform/i18n/english'

export interface BulkServiceDeps extends RecurringDeps {
  journal: BulkJournal
  imports: ImportSessions
  /** Pasted tables are stored encrypted once a job is made from one, and shredded after. */
  pastedTables: PastedTables
  /** Recurring's sending and its resend rule, bound to these deps (recurring-sending.ts). */
  recurringSending: (deps: RecurringDeps) => RecurringSending
  jobs: JobRunner
  emitProgress: (progress: BulkProgressView) => void
  /** Who runs jobs here (default: this process). */
  runner?: Runner
  now?: () => number
}

/** What the Bulk updates screen asks of main: dry runs, journaled runs, results. */
export function createBulkService(deps: BulkServiceDeps) {
  const { journal, imports, pastedTables } = deps
  const me = deps.runner ?? thisProcess()
  // The one orchestration of a job, shared with the command line.
  const recurring = deps.recurringSending(deps)
  const bulkJobs = createBulkJobService({ ...deps, sendUpdate: recurring.send, runner: me })
  const live = createLiveRuns(deps)
  /** Card data fixed in place, by job: never journaled, so lost with the app. */
  const memoryFixes = new Map<string, Map<number, Record<string, string>>>()

  const view = (job: BulkJob): BulkJobView =>
    jobView(journal, job, { live: live.has(job.id), interrupted: isInterrupted(job, me) })
  const viewOf = (bulkJobId: string) => view(bulkJobs.stored(bulkJobId))
  const rowEnvironments = () => configuredEnvironments(deps.environments.list())

  function run(job: BulkJob, source: BulkSource): LiveRun {
    const context = recurring.contextOf(job.environment.id)
    // Rows naming another environment: one context (one key load) per environment, on first use.
    const rowContext = rowContexts(context, rowEnvironments(), (environment) =>
      recurring.contextOf(environment.id),
    )
    return live.start(job.id, (onProgress) =>
      bulkJobs.run(job, source, {
        rowContext,
        memoryFixes: memoryFixes.get(job.id),
        // A pasted table the keychain refuses to shred now goes at the next start's sweep.
        onProgress,
      }),
    )
  }

  /** Journals a job from an import and starts it. */
  async function start(importId: string, settings: BulkRunSettings) {
    const session = imports.get(importId)
    const environment = deps.environments.get(settings.environmentId)
    const { job, source } = await jobFromImport(
      { bulkJobs, pastedTables },
      session,
      { ...settings, environment },
      rowEnvironments(),
    )
    memoryFixes.set(job.id, session.fixes)
    imports.close(importId)
    const { jobId } = run(job, source)
    return { bulkJobId: job.id, jobId }
  }

  async function resume(bulkJobId: string): Promise<BulkJobView> {
    const running = live.get(bulkJobId)
    if (running) {
      running.run.resume()
      return viewOf(bulkJobId)
    }
    const { job } = bulkJobs.takeOver(bulkJobs.stored(bulkJobId))
    if (bulkJobs.pendingRows(job) === 0) {
      throw explainedError('bulk.job.nothing-left')
    }
    run(job, await bulkJobs.openSource(job))
    return viewOf(bulkJobId)
  }

  async function cancel(bulkJobId: string): Promise<BulkJobView> {
    const running = live.get(bulkJobId)
    if (running) {
      running.run.cancel()
      await running.run.done.catch(() => {})
    } else {
      const job = bulkJobs.stored(bulkJobId)
      if (runByOther(job, me)) {
        throw explainedError('bulk.job.run-elsewhere')
      }
      bulkJobs.takeOver(job)
      journal.setState(job.id, 'cancelled', null)
    }
    return viewOf(bulkJobId)
  }

  return {
    /**
     * At start: jobs whose process died mid-run are taken over, their rows in flight made
     * unknown (for a decision), and left paused: nothing is sent until someone resumes them.
     */
    recoverInterrupted(): number {
      let recovered = 0
      for (const job of journal.jobs(100)) {
        if (!isInterrupted(job, me)) continue
        bulkJobs.takeOver(job)
        // Paused, the dead runner kept: the window shows it as interrupted until resumed.
        journal.setState(job.id, 'paused', job.runner)
        recovered++
      }
      return recovered
    },

    dryRun: (importId: string, settings: BulkRunSettings): BulkDryRun =>
      dryRun(imports.get(importId), settings, rowEnvironments(), {
        environments: deps.environments,
        uncertainEarlier: recurring.uncertainEarlier,
      }),

    start,
    jobs: (): BulkJobView[] => journal.jobs(100).map(view),
    job: viewOf,

    pause(bulkJobId: string): BulkJobView {
      const running = live.get(bulkJobId)
      if (!running) {
        throw explainedError('bulk.job.not-running')
      }
      running.run.pause()
      return viewOf(bulkJobId)
    },

    resume,
    cancel,

    /** A new job of a finished job's rows that surely failed, started at once. */
    async sendFailedAgain(bulkJobId: string) {
      const old = bulkJobs.stored(bulkJobId)
      const { job, source, rows } = await jobOfFailedRows(
        { journal, bulkJobs, pastedTables },
        old,
        rowEnvironments(),
      )
      const { jobId } = run(job, source)
      return { bulkJobId: job.id, jobId, rows }
    },

    rows(bulkJobId: string, filter: BulkRowFilter): { rows: BulkResultRow[]; total: number } {
      const job = bulkJobs.stored(bulkJobId)
      const { rows, total } = journal.rows(job.id, filter)
      const environmentName = environmentNames(job, deps.environments.list())
      return { rows: rows.map((row) => resultRowView(row, environmentName)), total }
    },

    /** Skipping the last unknown rows leaves nothing to send: a pasted table is shredded. */
    async decide(bulkJobId: string, rowNumbers: readonly number[], decision: 'resend' | 'skip') {
      const changed = journal.decide(
        bulkJobs.stored(bulkJobId).id,
        rowNumbers,
        decision,
        resendOrderId,
      )
      // If the keychain refuses now, the sweep at the next start shreds it.
      if (!live.has(bulkJobId)) await pastedTables.shredIfSpent(bulkJobId).catch(() => {})
      return changed
    },

    async export(bulkJobId: string, file: string): Promise<number> {
      const job = bulkJobs.stored(bulkJobId)
      return bulkJobs.export(job, file, environmentNames(job, deps.environments.list()))
    },

    suspendAll: live.suspendAll,
  }
}

export type BulkService = ReturnType<typeof createBulkService>
