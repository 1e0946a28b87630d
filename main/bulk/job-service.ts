import type { RecurringProfileType } from '../../preload/contract/recurring/recurring-parameters'
import type { Runner } from '../platform/jobs/runner-process'
import type { BulkJob, BulkJournal, BulkRow } from './bulk-journal-repository'
import type { HistoryRepository } from '../history/history-repository'
import { claimJob } from './bulk-claim'
import { createBulkJob, type BulkJobSettings } from './bulk-job'
import { startBulkRun, type BulkProgress, type BulkRun, type BulkRunDeps } from './bulk-run'
import { readBulkSource, type BulkSource } from './bulk-source'
import { autoMapping } from './column-mapping'
import { openJobSource, rowInputs } from './job-source'
import { resendOrderId } from './order-ids'
import type { PastedTables } from './pasted-tables'
import { checkRows } from './row-check'
import type { RowEnvironments } from './row-environments'
import { exportResults } from './results-export'
import { explainedError } from '../platform/i18n/english'

/** What a journaled bulk job needs, in the app and on the command line alike. */
export interface BulkJobServiceDeps {
  journal: BulkJournal
  /** On the journal's database: a row's entries in both commit together. */
  history: HistoryRepository
  /** A job made from a pasted table reads it with its key from the keychain. */
  pastedTables: PastedTables
  sendUpdate: BulkRunDeps['sendUpdate']
  /** Who runs jobs here: this process. */
  runner: Runner
  now?: () => number
}

export interface JobRunOptions {
  /** The sending context of the environment a row names: the app's rule or the CLI's. */
  rowContext: BulkRunDeps['rowContext']
  /** Card data fixed in place, by row number: held in memory only. */
  memoryFixes?: ReadonlyMap<number, Record<string, string>>
  onProgress: (progress: BulkProgress) => void
  /** The spent pasted table could not be shredded now: the app's next start does it. */
  onShredFailure?: (error: Error) => void
}

/** How a job goes on: its unknown rows decided, its speed changed. */
export interface JobTakeOver {
  unknown?: 'resend' | 'skip'
  concurrency?: number
  rate?: number | null
}

/**
 * A file of updates read for a new job: its columns mapped by their headers (a saved mapping
 * first) and, once a column holds the profile id, every row checked against the rules.
 */
export async function readJobFile(
  path: string,
  rules: {
    savedMappings: ReadonlyMap<string, string | null>
    profileType: RecurringProfileType | null
    environments: RowEnvironments
  },
) {
  const source = await readBulkSource(path)
  const mapping = autoMapping(source.headers, rules.savedMappings)
  const problems = mapping.includes('recurring-payment-id')
    ? checkRows(source, mapping, rules.profileType, rules.environments)
    : []
  return { source, mapping, problems }
}

/** Unknown rows decided at once when a job is taken over (as many as the window lists). */
const DECIDED_AT_ONCE = 1000

/**
 * The one orchestration of a bulk job (create, take over, open its source, run, export), called
 * by the app's bulk service and by the bulk-update command with their own environment rules.
 */
export function createBulkJobService(deps: BulkJobServiceDeps) {
  const { journal, history, pastedTables, runner } = deps

  const pendingRows = (job: BulkJob) => journal.counts(job.id).states.pending
  /** Rows in an unknown state (the first ones), for a decision. */
  const unknownRows = (job: BulkJob): BulkRow[] =>
    journal.rows(job.id, { states: ['unknown'], limit: DECIDED_AT_ONCE }).rows

  return {
    pendingRows,

    /** The journaled job, or which job is missing. */
    stored(bulkJobId: string): BulkJob {
      const job = journal.job(bulkJobId)
      if (!job) {
        const id = bulkJobId.slice(0, 64)
        throw explainedError('bulk.job.missing', {
          job: id,
        })
      }
      return job
    },

    /** Journals a job over a source; one with no row to send is refused. */
    create(source: BulkSource, settings: BulkJobSettings): BulkJob {
      const job = createBulkJob(journal, source, settings)
      if (pendingRows(job) === 0) {
        throw explainedError('bulk.job.no-row-to-send')
      }
      return job
    },

    /**
     * Takes a job over (refused while another process runs it; rows it left in flight become
     * unknown), then decides its unknown rows and sets its speed when asked. Returns the job as
     * journaled now, and how many unknown rows were decided.
     */
    takeOver(job: BulkJob, options: JobTakeOver = {}): { job: BulkJob; decided: number } {
      claimJob(journal, history, job, runner)
      let decided = 0
      if (options.unknown !== undefined) {
        const rowNumbers = unknownRows(job).map((row) => row.rowNumber)
        decided = journal.decide(job.id, rowNumbers, options.unknown, resendOrderId)
      }
      if (options.concurrency !== undefined || options.rate !== undefined) {
        journal.setSettings(job.id, {
          concurrency: options.concurrency ?? job.concurrency,
          rate: options.rate === undefined ? job.rate : options.rate,
        })
      }
      return { job: journal.job(job.id)!, decided }
    },

    /** The job's source, checked to be the very file it was made from. */
    openSource: (job: BulkJob) => openJobSource(job, pastedTables),

    /**
     * Runs a job's pending rows. Once the run ends, a pasted table the job can send nothing more
     * from is shredded, before `done` settles.
     */
    run(job: BulkJob, source: BulkSource, options: JobRunOptions): BulkRun {
      const bulkRun = startBulkRun(job, {
        journal,
        history,
        rowContext: options.rowContext,
        sendUpdate: deps.sendUpdate,
        inputOf: rowInputs(job, source, options.memoryFixes),
        runner,
        now: deps.now,
        onProgress: options.onProgress,
      })
      const shred = () =>
        pastedTables
          .shredIfSpent(job.id)
          .catch((error: unknown) => options.onShredFailure?.(error as Error))
      return { ...bulkRun, done: bulkRun.done.finally(shred) }
    },

    unknownRows,

    /**
     * Writes a job's results with its inputs; if its file is gone or changed, or its pasted table
     * shredded, the outcomes alone. Returns how many rows were written.
     */
    async export(job: BulkJob, file: string, environmentName: (row: BulkRow) => string) {
      const source = await openJobSource(job, pastedTables).catch(() => null)
      return exportResults(journal, job, source, file, environmentName)
    },
  }
}

export type BulkJobService = ReturnType<typeof createBulkJobService>
