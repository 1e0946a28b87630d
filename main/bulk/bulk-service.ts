import { basename } from 'node:path'
import type {
  BulkDryRun,
  BulkJobView,
  BulkProgressView,
  BulkResultRow,
  BulkRunSettings,
} from '../../preload/contract/bulk-channels'
import { ExplainedError } from '../../preload/contract/explained'
import type { JobRunner } from '../jobs/job-runner'
import { maskParameters } from '../privacy/redaction'
import {
  environmentSendingContext,
  type RecurringDeps,
} from '../recurring/recurring-update-service'
import { uncertainEarlierSend } from '../recurring/resend-guard'
import { parametersOf } from '../recurring/update-parameters'
import type { BulkJob, BulkJournal, BulkRow, BulkRowFilter } from '../store/bulk-journal-repository'
import { claimJob, isInterrupted, runByOther } from './bulk-claim'
import { createBulkJob } from './bulk-job'
import { startBulkRun, type BulkProgress, type BulkRun } from './bulk-run'
import type { BulkSource } from './bulk-source'
import { ENVIRONMENT_COLUMN, rowInput } from './column-mapping'
import type { ImportSession, ImportSessions } from './import-sessions'
import { openJobSource, rowInputs } from './job-source'
import { isPastedTable, type PastedTables } from './pasted-tables'
import { exportResults } from './results-export'
import { inputProblems } from './row-check'
import { configuredEnvironments, rowContexts, type RowEnvironments } from './row-environments'
import { thisProcess } from '../jobs/runner-process'

const DRY_RUN_REQUESTS = 50

interface LiveRun {
  run: BulkRun
  jobId: string
}

export interface BulkServiceDeps extends RecurringDeps {
  journal: BulkJournal
  imports: ImportSessions
  /** Pasted tables are stored encrypted once a job is made from one, and shredded after. */
  pastedTables: PastedTables
  jobs: JobRunner
  emitProgress: (progress: BulkProgressView) => void
}

const progressView = (progress: BulkProgress): BulkProgressView => ({
  bulkJobId: progress.jobId,
  state: progress.state,
  total: progress.total,
  states: progress.states,
  outcomes: progress.outcomes,
  perSecond: progress.perSecond,
  secondsLeft: progress.secondsLeft,
})

/** What the Bulk updates screen asks of main: dry runs, journaled runs, results. */
export function createBulkService(deps: BulkServiceDeps) {
  const { journal, imports, pastedTables } = deps
  const me = thisProcess()
  const live = new Map<string, LiveRun>()
  /** Card data fixed in place, by job: never journaled, so lost with the app. */
  const memoryFixes = new Map<string, Map<number, Record<string, string>>>()

  function jobView(job: BulkJob): BulkJobView {
    const { states, outcomes } = journal.counts(job.id)
    return {
      bulkJobId: job.id,
      createdAt: job.createdAt,
      fileName: basename(job.source.path),
      pasted: isPastedTable(job.source.path),
      environmentName: job.environment.name,
      state: job.state,
      interrupted: !live.has(job.id) && isInterrupted(job, me),
      live: live.has(job.id),
      concurrency: job.concurrency,
      rate: job.rate,
      total: Object.values(states).reduce((a, b) => a + b, 0),
      states,
      outcomes,
    }
  }

  function stored(bulkJobId: string): BulkJob {
    const job = journal.job(bulkJobId)
    if (!job) {
      const id = bulkJobId.slice(0, 64)
      throw new ExplainedError(`There is no bulk job ${id} in the journal.`, 'bulk.job.missing', {
        job: id,
      })
    }
    return job
  }

  const rowEnvironments = () => configuredEnvironments(deps.environments.list())

  /** Rows whose update breaks the rules once the job's profile type is known. */
  function refusedRows(
    session: ImportSession,
    profileType: BulkRunSettings['profileType'],
    environments: RowEnvironments,
  ) {
    const refused = new Set<number>()
    session.source.rows.forEach((fields, index) => {
      const row = index + 1
      if (session.excluded.has(row)) return
      const input = rowInput(fields, session.mapping, session.fixes.get(row) ?? null, profileType)
      if (inputProblems(input, row, session.mapping, environments).length > 0) refused.add(row)
    })
    return refused
  }

  /** The name of the environment each row of a job goes to (journaled by id when it has its own). */
  function environmentNames(job: BulkJob): (row: BulkRow) => string {
    const names = new Map(deps.environments.list().map((e) => [e.id, e.name]))
    return (row) => {
      const id = row.overrides?.[ENVIRONMENT_COLUMN] ?? job.environment.id
      return names.get(id) ?? (id === job.environment.id ? job.environment.name : id)
    }
  }

  function run(job: BulkJob, source: BulkSource): LiveRun {
    const context = environmentSendingContext(deps, job.environment.id)
    // Rows naming another environment: one context (one key load) per environment, on first use.
    const rowContext = rowContexts(context, rowEnvironments(), (environment) =>
      environmentSendingContext(deps, environment.id),
    )
    // The job convention too: jobs:progress, jobs:cancel and jobs:finished work for a bulk run.
    let jobProgress: ((done: number, total: number) => void) | undefined
    const bulkRun = startBulkRun(job, {
      journal,
      history: deps.history,
      rowContext,
      inputOf: rowInputs(job, source, memoryFixes.get(job.id)),
      runner: me,
      onProgress: (progress) => {
        deps.emitProgress(progressView(progress))
        const { pending, 'in-flight': inFlight } = progress.states
        jobProgress?.(progress.total - pending - inFlight, progress.total)
      },
    })
    const started = deps.jobs.start('bulk-run', 'requests', async (jobContext) => {
      jobProgress = jobContext.progress
      jobContext.signal.addEventListener('abort', () => bulkRun.cancel())
      return bulkRun.done
    })
    const entry = { run: bulkRun, jobId: started.jobId }
    live.set(job.id, entry)
    const ended = () => {
      live.delete(job.id)
      // If the keychain refuses now, the sweep at the next start shreds it.
      pastedTables.shredIfSpent(job.id).catch(() => {})
    }
    bulkRun.done.then(ended, ended)
    return entry
  }

  function liveRun(bulkJobId: string): LiveRun | undefined {
    return live.get(bulkJobId)
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
        claimJob(journal, deps.history, job, me)
        // Paused, the dead runner kept: the window shows it as interrupted until resumed.
        journal.setState(job.id, 'paused', job.runner)
        recovered++
      }
      return recovered
    },

    dryRun(importId: string, settings: BulkRunSettings): BulkDryRun {
      const session = imports.get(importId)
      const jobEnvironment = deps.environments.get(settings.environmentId)
      const environments = rowEnvironments()
      const refused = refusedRows(session, settings.profileType, environments)
      let held = 0
      const requests: BulkDryRun['requests'] = []
      session.source.rows.forEach((fields, index) => {
        const row = index + 1
        if (session.excluded.has(row) || refused.has(row)) return
        const input = rowInput(
          fields,
          session.mapping,
          session.fixes.get(row) ?? null,
          settings.profileType,
        )
        const parameters = parametersOf({
          'client-orderid': `(order id of row ${row})`,
          ...input.parameters,
        })
        const environment =
          input.environment === null ? jobEnvironment : environments.find(input.environment)!
        if (uncertainEarlierSend(deps.history, environment.id, parameters) !== null) held++
        if (requests.length < DRY_RUN_REQUESTS) {
          requests.push({
            rowNumber: row,
            environmentName: environment.name,
            parameters: maskParameters(parameters).map(([n, v]) => [n, v.slice(0, 2000)]),
          })
        }
      })
      const send = session.source.rows.length - session.excluded.size - refused.size - held
      return {
        counts: { send, refused: refused.size, excluded: session.excluded.size, held },
        requests,
      }
    },

    /**
     * Journals a job from an import (rows that break the rules left out) and starts it; a pasted
     * table is stored encrypted first (pasted-tables.ts).
     */
    async start(importId: string, settings: BulkRunSettings) {
      const session = imports.get(importId)
      const environment = deps.environments.get(settings.environmentId)
      if (!session.mapping.includes('recurring-payment-id')) {
        throw new ExplainedError(
          'No column is mapped to recurring-payment-id: map one before starting.',
          'bulk.job.no-profile-id-column',
        )
      }
      const environments = rowEnvironments()
      const refused = refusedRows(session, settings.profileType, environments)
      const pasted = session.pasted
        ? await pastedTables.store(session.source, session.mapping, session.fixes)
        : null
      const source = pasted?.source ?? session.source
      let job: BulkJob
      try {
        job = createBulkJob(journal, source, {
          environment: { id: environment.id, name: environment.name },
          mapping: session.mapping,
          profileType: settings.profileType,
          environments,
          concurrency: settings.concurrency,
          rate: settings.rate,
          excluded: new Set([...session.excluded, ...refused]),
          fixes: session.fixes,
          sealedCardCodes: pasted?.sealedCardCodes,
        })
        if (journal.counts(job.id).states.pending === 0) {
          throw new ExplainedError(
            'No row can be sent: every row is excluded or breaks the rules.',
            'bulk.job.no-row-to-send',
          )
        }
      } catch (error) {
        if (pasted) await pastedTables.shred(source.path)
        throw error
      }
      memoryFixes.set(job.id, session.fixes)
      imports.close(importId)
      const { jobId } = run(job, source)
      return { bulkJobId: job.id, jobId }
    },

    jobs(): BulkJobView[] {
      return journal.jobs(100).map(jobView)
    },

    job(bulkJobId: string): BulkJobView {
      return jobView(stored(bulkJobId))
    },

    pause(bulkJobId: string): BulkJobView {
      const running = liveRun(bulkJobId)
      if (!running) {
        throw new ExplainedError(
          'This job is not running in this window: nothing to pause.',
          'bulk.job.not-running',
        )
      }
      running.run.pause()
      return jobView(stored(bulkJobId))
    },

    async resume(bulkJobId: string): Promise<BulkJobView> {
      const running = liveRun(bulkJobId)
      if (running) {
        running.run.resume()
        return jobView(stored(bulkJobId))
      }
      const job = stored(bulkJobId)
      claimJob(journal, deps.history, job, me)
      if (journal.counts(job.id).states.pending === 0) {
        throw new ExplainedError(
          'Every row of this job has been sent or decided: there is nothing left to send. Decide on the unknown rows first (send again or skip).',
          'bulk.job.nothing-left',
        )
      }
      run(stored(bulkJobId), await openJobSource(job, pastedTables))
      return jobView(stored(bulkJobId))
    },

    async cancel(bulkJobId: string): Promise<BulkJobView> {
      const running = liveRun(bulkJobId)
      if (running) {
        running.run.cancel()
        await running.run.done.catch(() => {})
      } else {
        const job = stored(bulkJobId)
        if (runByOther(job, me)) {
          throw new ExplainedError(
            'Another GateDesk process runs this job: stop it there.',
            'bulk.job.run-elsewhere',
          )
        }
        claimJob(journal, deps.history, job, me)
        journal.setState(job.id, 'cancelled', null)
      }
      return jobView(stored(bulkJobId))
    },

    rows(bulkJobId: string, filter: BulkRowFilter): { rows: BulkResultRow[]; total: number } {
      const job = stored(bulkJobId)
      const { rows, total } = journal.rows(job.id, filter)
      const environmentName = environmentNames(job)
      return {
        rows: rows.map((row) => ({
          rowNumber: row.rowNumber,
          environmentName: environmentName(row),
          state: row.state,
          clientOrderId: row.clientOrderId,
          attempt: row.attempt,
          profileId: row.profileId,
          outcome: row.outcome,
          serialNumber: row.serialNumber,
          errorCode: row.errorCode,
          message: row.message,
          messageCode: row.messageCode,
          params: row.params,
          historyId: row.historyId,
        })),
        total,
      }
    },

    /** Skipping the last unknown rows leaves nothing to send: a pasted table is shredded. */
    async decide(bulkJobId: string, rowNumbers: readonly number[], decision: 'resend' | 'skip') {
      const changed = journal.decide(stored(bulkJobId).id, rowNumbers, decision)
      // If the keychain refuses now, the sweep at the next start shreds it.
      if (!live.has(bulkJobId)) await pastedTables.shredIfSpent(bulkJobId).catch(() => {})
      return changed
    },

    async export(bulkJobId: string, file: string): Promise<number> {
      const job = stored(bulkJobId)
      // Inputs come from the job's file; if it is gone or changed, the outcomes are still saved.
      // A pasted table is shredded once its job can send no more: then the outcomes alone.
      const source = await openJobSource(job, pastedTables).catch(() => null)
      return exportResults(journal, job, source, file, environmentNames(job))
    },

    /** The app quits: running jobs stop taking rows and stay paused, to be resumed later. */
    async suspendAll(): Promise<void> {
      const running = [...live.values()]
      for (const { run: bulkRun } of running) bulkRun.suspend()
      await Promise.all(running.map(({ run: bulkRun }) => bulkRun.done.catch(() => {})))
    },
  }
}

export type BulkService = ReturnType<typeof createBulkService>
