import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { basename, extname, join } from 'node:path'
import { ExplainedError } from '../../preload/contract/platform/explained'
import type { FormatHints } from '../platform/csv/csv-format'
import { privateTempDir } from '../platform/db/private-files'
import type { JobRunner } from '../platform/jobs/job-runner'
import type { ScriptRef } from '../platform/workers/script-ref'
import type { QueryEngine } from './query/query-client'
import { exportOriginal, exportViewAs, type ViewExportOptions } from './report-export'
import { printView, type PrintViewOptions } from './report-print'
import type { IndexPlacement } from './report-index'
import { openReportSession, type ReportHead, type ReportSession } from './report-session'
import { english } from '../platform/i18n/english'

export interface ReportServiceDeps {
  jobs: JobRunner
  indexWorker: ScriptRef
  /** Where indexes are scanned: in workers (the app's main thread stays free) unless this says. */
  indexing?: IndexPlacement
  /** Writes XLSX exports of a view (without it, main's thread does: its heap then grows with them). */
  xlsxWorker?: ScriptRef
  queryEngine: QueryEngine
  /** Where each open report gets a private folder for its UTF-8 copy (the app's tempRoot). */
  workRoot: string
}

export interface OpenedReport {
  reportId: string
  head: ReportHead
  /** The job indexing the whole file: follow it by its progress events, or cancel it. */
  indexJobId: string
}

/** The reports open in this process, by id: the window and the CLI reach them only this way. */
export interface ReportService {
  open(path: string, hints?: FormatHints): Promise<OpenedReport>
  get(reportId: string): ReportSession
  /** The view as CSV (by default), TSV or XLSX: a job, its id. */
  exportView(
    reportId: string,
    target: string,
    columns: readonly number[] | null,
    options?: ViewExportOptions,
  ): string
  exportOriginal(reportId: string, target: string): string
  /** The view's first rows printed to a PDF in a folder of its own: a job, and where its PDF goes. */
  printView(
    reportId: string,
    columns: readonly number[],
    options: PrintViewOptions,
  ): { jobId: string; path: string }
  /** Copies the report file at `path` (a PDF on show) to `target` as it is: a job, its id. */
  exportFile(path: string, target: string): string
  close(reportId: string): Promise<void>
  closeAll(): Promise<void>
}

export class ReportClosedError extends ExplainedError {
  override readonly name = 'ReportClosedError'
  constructor() {
    super(english('report.closed'), 'report.closed')
  }
}

export function createReportService(deps: ReportServiceDeps): ReportService {
  const open = new Map<string, { session: ReportSession; removeWorkDir: () => Promise<void> }>()

  const get = (reportId: string) => {
    const report = open.get(reportId)
    if (!report) throw new ReportClosedError()
    return report.session
  }

  return {
    async open(path, hints = {}) {
      // Made only for a report that needs a UTF-8 copy (most need none).
      let workDir: Promise<string> | null = null
      const removeWorkDir = async () => {
        const made = await workDir?.catch(() => null)
        if (made) await rm(made, { recursive: true, force: true })
      }
      let opened: (session: ReportSession) => void = () => {}
      const sessionReady = new Promise<ReportSession>((resolve) => (opened = resolve))
      // Indexing is the job; the session (and its first rows) is ready before it ends.
      const job = deps.jobs.start('report-index', 'bytes', async ({ signal, progress }) => {
        const session = await openReportSession(
          path,
          hints,
          {
            indexWorker: deps.indexWorker,
            indexing: deps.indexing,
            queryEngine: deps.queryEngine,
            workDir: () =>
              (workDir ??= Promise.resolve().then(() => privateTempDir(deps.workRoot, 'report-'))),
          },
          { signal, onIndexProgress: progress },
        )
        opened(session)
        await session.indexed
      })
      try {
        const session = await Promise.race([sessionReady, job.result.then(() => sessionReady)])
        const reportId = `report-${randomUUID()}`
        open.set(reportId, { session, removeWorkDir })
        return { reportId, head: session.head, indexJobId: job.jobId }
      } catch (error) {
        await removeWorkDir()
        throw error
      }
    },
    get,
    exportView(reportId, target, columns, options = {}) {
      const session = get(reportId)
      return deps.jobs.start('report-export', 'rows', (job) =>
        exportViewAs(session, target, columns, job, { xlsxWorker: deps.xlsxWorker, ...options }),
      ).jobId
    },
    printView(reportId, columns, options) {
      const session = get(reportId)
      const name = basename(session.head.fileName, extname(session.head.fileName))
      const path = join(privateTempDir(deps.workRoot, 'print-'), `${name}-print.pdf`)
      const { jobId } = deps.jobs.start('report-print', 'rows', (job) =>
        printView(session, path, columns, job, options),
      )
      return { jobId, path }
    },
    exportOriginal(reportId, target) {
      return this.exportFile(get(reportId).path, target)
    },
    exportFile(path, target) {
      return deps.jobs.start('report-export', 'bytes', (job) =>
        exportOriginal({ path }, target, job),
      ).jobId
    },
    async close(reportId) {
      const report = open.get(reportId)
      if (!report) return
      open.delete(reportId)
      await report.session.close()
      await report.removeWorkDir()
    },
    async closeAll() {
      await Promise.all([...open.keys()].map((reportId) => this.close(reportId)))
    },
  }
}
