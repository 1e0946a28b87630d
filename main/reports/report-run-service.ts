import { copyFile, rename } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import {
  ExplainedError,
  explainedDetail,
  type MessageParams,
} from '../../preload/contract/explained'
import { formatByteSize, formatDuration } from '../../preload/contract/readable-units'
import type {
  ReportRunOutcomeName,
  ReportRequestPreview,
} from '../../preload/contract/report-run-channels'
import type { ReportRequest } from '../../preload/contract/report-request'
import type { EnvironmentService } from '../environments/environment-service'
import { damagedFileName, runReport, type ReportLimits } from '../gateway/custom-report'
import type { GatewayEnvironment } from '../gateway/environment'
import type { GatewayDeps } from '../gateway/gateway-client'
import type { ReportKind, ReportResult } from '../gateway/report-response'
import { CsvError, type CsvErrorCode } from '../csv/csv-error'
import type { JobContext, JobRunner } from '../jobs/job-runner'
import type { HistoryOutcome, HistoryRepository } from '../store/history-repository'
import { reportFileName, type ReportCache } from './report-cache'
import type { ReportFiles } from './report-files'
import { previewReportRequest } from './report-request-preview'
import { historyParameters } from './report-run-record'
import type { OpenedReport, ReportService } from './report-service'

export interface ReportRunRequest {
  environmentId: string
  request: ReportRequest
  template: { id: string; name: string } | null
}

/** A report as the run leaves it: a CSV open in the report engine, a PDF registered by id. */
export type KeptReport =
  { kind: 'csv'; opened: OpenedReport } | { kind: 'pdf'; fileId: string; fileName: string }

/** A run's outcome inside main. */
export type RunOutcome = {
  message: string
  /** The message's code and values, for the window to word it (preload/contract/explained.ts). */
  messageCode?: string
  params?: MessageParams
  bytes: number
  durationMs: number
  historyId: number | null
} & (
  | { outcome: 'report'; result: KeptReport }
  | { outcome: 'internal-failure'; incidentId: string | null }
  | {
      outcome: Exclude<ReportRunOutcomeName, 'report' | 'internal-failure'>
      /** A damaged PDF's bytes, kept in the run's folder for the user to save if they ask. */
      damagedFileId?: string
    }
)

export interface ReportRunServiceDeps {
  environments: Pick<EnvironmentService, 'get' | 'gatewayEnvironment' | 'signingSecrets'>
  history: Pick<HistoryRepository, 'recordSending' | 'recordResult'>
  gateway: GatewayDeps
  jobs: JobRunner
  reports: Pick<ReportService, 'open'>
  reportFiles: Pick<ReportFiles, 'register' | 'resolve'>
  cache: ReportCache
  /** Notes that a template's run brought a report (the templates repository's markRun). */
  markTemplateRun: (templateId: string) => unknown
  /** How much a download may take (the gateway module's defaults for what is not given). */
  limits?: Partial<ReportLimits>
  /** Milliseconds, for durations. */
  now?: () => number
}

/** What the report engine refuses in a file's content (as opposed to the disk failing). */
const UNREADABLE_CONTENT: readonly CsvErrorCode[] = [
  'empty-file',
  'binary-file',
  'unknown-encoding',
  'bad-delimiter',
  'too-many-columns',
  'row-too-long',
]
/** Finished runs whose outcome the window may still ask for. */
const OUTCOMES_KEPT = 50

/** A gateway result's message with its code and values, as the run passes it on. */
const explained = ({ message, messageCode, params }: ReportResult) => ({
  message,
  ...(messageCode ? { messageCode, params } : {}),
})

/** History knows the gateway's outcomes; the run's own two are download failures there. */
const historyOutcome = (outcome: ReportRunOutcomeName): Exclude<HistoryOutcome, 'sending'> =>
  outcome === 'cancelled' || outcome === 'too-large' ? 'transport-error' : outcome

/**
 * Runs custom reports for the Reports screen: each run is a report-download job that signs the
 * request with the environment's control key, streams the report into the report cache, and
 * opens it (a CSV in the report engine, a PDF by file id). Every run is recorded in History
 * before it leaves, and completed with its outcome, size and duration.
 */
export function createReportRunService(deps: ReportRunServiceDeps) {
  const now = deps.now ?? Date.now
  const outcomes = new Map<string, Promise<RunOutcome>>()
  /** Damaged PDFs runs refused, by file id: the name each is offered under when saved. */
  const damagedNames = new Map<string, string>()

  function remember(jobId: string, outcome: Promise<RunOutcome>) {
    outcomes.set(jobId, outcome)
    if (outcomes.size > OUTCOMES_KEPT) outcomes.delete(outcomes.keys().next().value!)
  }

  /** The report, kept under its own name in the run's folder and opened for the window. */
  async function keep(
    download: string,
    kind: ReportKind,
    request: ReportRequest,
  ): Promise<KeptReport> {
    const fileName = reportFileName(request.reportName || request.reportIdentifier, kind)
    const file = join(dirname(download), fileName)
    await rename(download, file)
    if (kind === 'pdf') {
      return { kind, fileId: deps.reportFiles.register(file, 'application/pdf'), fileName }
    }
    const opened = await deps.reports.open(file, {
      encoding: request.reportEncode || null,
      delimiter: request.reportCsvDelimiter || null,
    })
    return { kind, opened }
  }

  async function run(
    input: ReportRunRequest,
    environment: { id: string; name: string; gateway: GatewayEnvironment },
    job: JobContext,
  ): Promise<RunOutcome> {
    const { request, template } = input
    const startedAt = now()
    const folder = await deps.cache.runFolder()
    const historyId = deps.history.recordSending({
      environment: { id: environment.id, name: environment.name },
      operation: 'custom-report',
      parameters: historyParameters(request, template?.name ?? null),
    })
    let receivedBytes = 0
    let recorded = false
    const finish = (outcome: RunOutcome): RunOutcome => {
      recorded = true
      deps.history.recordResult(
        historyId,
        outcome.outcome === 'report'
          ? {
              outcome: 'report',
              message: outcome.message,
              messageCode: outcome.messageCode,
              params: outcome.params,
            }
          : {
              outcome: historyOutcome(outcome.outcome),
              message: `${outcome.message} (${formatByteSize(outcome.bytes)} received in ${formatDuration(outcome.durationMs)}.)`,
              // The run's own message (worded by the window as a summary), then what had arrived.
              messageCode: 'report.history-result',
              params: {
                ...outcome.params,
                summary: outcome.message,
                ...(outcome.messageCode !== undefined && { summaryCode: outcome.messageCode }),
                sizeBytes: outcome.bytes,
                durationMs: outcome.durationMs,
              },
            },
      )
      return outcome
    }
    const facts = () => ({ bytes: receivedBytes, durationMs: now() - startedAt, historyId })
    try {
      const result = await runReport(
        deps.gateway,
        environment.gateway,
        deps.environments.signingSecrets(environment.id),
        request,
        {
          file: join(folder, 'download'),
          // Kept in the run's private folder: the user may save it, never as a report.
          keepDamaged: true,
          signal: job.signal,
          limits: deps.limits,
          onProgress: ({ receivedBytes: received, totalBytes }) => {
            receivedBytes = received
            job.progress(received, totalBytes)
          },
        },
      )
      if (result.outcome === 'report' && result.kind !== null && result.file !== null) {
        receivedBytes = result.bytes
        // Throttled progress may have left out the last chunk: the window sees the whole size.
        job.progress(result.bytes, result.bytes)
        let kept
        try {
          kept = await keep(result.file, result.kind, request)
        } catch (error) {
          if (!(error instanceof CsvError && UNREADABLE_CONTENT.includes(error.code))) throw error
          await deps.cache.removeFolder(folder)
          const kind = result.kind.toUpperCase()
          return finish({
            outcome: 'protocol-error',
            message: `The report arrived, but GateDesk cannot read it as a ${kind} report: ${error.message}`,
            messageCode: 'report.unreadable',
            params: { kind, ...explainedDetail(error) },
            ...facts(),
          })
        }
        if (template) markRun(template.id)
        const durationMs = now() - startedAt
        return finish({
          outcome: 'report',
          result: kept,
          message: `Received a ${result.kind.toUpperCase()} report of ${formatByteSize(result.bytes)} in ${formatDuration(durationMs)}.`,
          messageCode: 'report.received',
          params: { kind: result.kind.toUpperCase(), sizeBytes: result.bytes, durationMs },
          ...facts(),
          durationMs,
        })
      }
      if (result.damagedFile) {
        const damagedFileId = deps.reportFiles.register(result.damagedFile, 'application/pdf')
        const reportName = reportFileName(request.reportName || request.reportIdentifier, 'pdf')
        damagedNames.set(damagedFileId, basename(damagedFileName(reportName)))
        return finish({
          outcome: 'protocol-error',
          ...explained(result),
          ...facts(),
          damagedFileId,
        })
      }
      await deps.cache.removeFolder(folder)
      if (job.signal.aborted) {
        return finish({
          outcome: 'cancelled',
          message: 'You cancelled the run; what had arrived was deleted.',
          messageCode: 'report.cancelled',
          ...facts(),
        })
      }
      if (result.exceeded === 'maxBytes') {
        return finish({ outcome: 'too-large', ...explained(result), ...facts() })
      }
      switch (result.outcome) {
        case 'internal-failure':
          return finish({
            outcome: result.outcome,
            incidentId: result.incidentId,
            ...explained(result),
            ...facts(),
          })
        case 'report': // a report without its file: the gateway module's bug, said plainly
          return finish({
            outcome: 'protocol-error',
            message: 'The report was received but not saved.',
            messageCode: 'report.not-saved',
            ...facts(),
          })
        default:
          return finish({ outcome: result.outcome, ...explained(result), ...facts() })
      }
    } catch (error) {
      // Whatever failed, the run must not stay "sending" in History, nor leave files behind.
      await deps.cache.removeFolder(folder)
      if (!recorded) {
        const detail = (error as Error).message
        deps.history.recordResult(historyId, {
          outcome: 'transport-error',
          message: `GateDesk failed while running the report: ${detail}`,
          messageCode: 'report.run-failed',
          params: { detail },
        })
      }
      throw error
    }
  }

  /** The name a damaged PDF a run refused is offered under when the user saves it. */
  function damagedName(fileId: string): string {
    const name = damagedNames.get(fileId)
    if (name === undefined) {
      throw new ExplainedError(
        'GateDesk no longer keeps this damaged PDF (it was refused before a restart): run the report again.',
        'report.damaged-forgotten',
      )
    }
    return name
  }

  /** "Recently run" is a convenience: failing to note it must not cost the report. */
  function markRun(templateId: string) {
    try {
      deps.markTemplateRun(templateId)
    } catch {
      // The template's list order is all that is lost.
    }
  }

  return {
    /** Starts a run as a report-download job; returns its job id. */
    start(input: ReportRunRequest): string {
      // An environment that cannot be sent to is refused now, with nothing recorded.
      const stored = deps.environments.get(input.environmentId)
      const environment = {
        id: stored.id,
        name: stored.name,
        gateway: deps.environments.gatewayEnvironment(stored.id),
      }
      let settle: { resolve: (outcome: RunOutcome) => void; reject: (error: unknown) => void }
      const outcome = new Promise<RunOutcome>((resolve, reject) => (settle = { resolve, reject }))
      // The window may never ask; an unexpected failure must not be an unhandled rejection.
      outcome.catch(() => {})
      const { jobId } = deps.jobs.start('report-download', 'bytes', async (job) => {
        let result: RunOutcome
        try {
          result = await run(input, environment, job)
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
        throw new ExplainedError(
          'GateDesk no longer knows this run (it was started before a restart, or long ago): run the report again.',
          'report.run-forgotten',
        )
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
      const gatewayEnvironment = deps.environments.gatewayEnvironment(environmentId)
      const controlKey = await deps.environments.signingSecrets(environmentId).controlKey()
      return previewReportRequest(deps.gateway, gatewayEnvironment, controlKey, request)
    },
  }
}

export type ReportRunService = ReturnType<typeof createReportRunService>
