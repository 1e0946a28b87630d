import { rename } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { explainedDetail } from '../../preload/contract/platform/explained'
import { coded } from '../platform/i18n/english'
import type { ReportRequest } from '../../preload/contract/reports/report-request'
import { damagedFileName, runReport, type ReportLimits } from '../platform/gateway/custom-report'
import type { GatewayEnvironment } from '../platform/gateway/environment'
import type { GatewayDeps, SigningSecrets } from '../platform/gateway/gateway-client'
import type { ReportKind, ReportResult } from '../platform/gateway/report-response'
import { CsvError, type CsvErrorCode } from '../platform/csv/csv-error'
import type { JobContext } from '../platform/jobs/job-runner'
import type { OpenRecords } from '../history/audit-trail'
import { reportFileName, type ReportCache } from './report-cache'
import type { ReportFiles } from './report-files'
import { historyParameters } from './report-run-record'
import {
  explained,
  historyResult,
  type KeptReport,
  type RunEnding,
  type RunOutcome,
} from './report-run-outcome'
import type { ReportService } from './report-service'

export interface ReportRunRequest {
  environmentId: string
  request: ReportRequest
  template: { id: string; name: string } | null
}

/** What one run needs. */
export interface ReportRunDeps {
  /** Where a run is recorded: the desk's workspace's records when it starts. */
  openRecords: OpenRecords
  gateway: GatewayDeps
  reports: Pick<ReportService, 'open'>
  reportFiles: Pick<ReportFiles, 'register'>
  cache: ReportCache
  /** Notes that a template's run brought a report (the templates repository's markRun). */
  markTemplateRun: (templateId: string) => unknown
  /** How much a download may take (the gateway module's defaults for what is not given). */
  limits?: Partial<ReportLimits>
  /** Milliseconds, for durations. */
  now?: () => number
}

/** The environment a run is sent to, as it was when the run started. */
export interface RunEnvironment {
  id: string
  name: string
  gateway: GatewayEnvironment
  /** Its signing secrets, read from this desk's keychain at signing time. */
  secrets: SigningSecrets
}

/** A damaged PDF a run refused: its file id, and the name it is offered under when saved. */
export type OnDamaged = (fileId: string, fileName: string) => void

/** What the report engine refuses in a file's content (as opposed to the disk failing). */
const UNREADABLE_CONTENT: readonly CsvErrorCode[] = [
  'empty-file',
  'binary-file',
  'unknown-encoding',
  'bad-delimiter',
  'too-many-columns',
  'row-too-long',
]

/**
 * One custom report run: recorded in History before it leaves, signed with the environment's
 * control key, streamed into a folder of the report cache, opened, and completed in History.
 */
export async function runCustomReport(
  deps: ReportRunDeps,
  input: ReportRunRequest,
  environment: RunEnvironment,
  job: JobContext,
  onDamaged: OnDamaged,
): Promise<RunOutcome> {
  const now = deps.now ?? Date.now
  const { request } = input
  const startedAt = now()
  // Recorded before anything else: a run the records cannot take (a team server gone) is not sent.
  const records = await deps.openRecords(environment, environment.gateway)
  const historyId = await records.recordSending({
    environment: records.environment,
    operation: 'custom-report',
    parameters: historyParameters(request, input.template?.name ?? null),
  })
  let receivedBytes = 0
  let recorded = false
  const finish = async (outcome: RunEnding, durationMs = now() - startedAt) => {
    const whole: RunOutcome = { ...outcome, bytes: receivedBytes, durationMs, historyId }
    recorded = true
    await records.recordResult(historyId, historyResult(whole))
    return whole
  }
  let folder: string | undefined
  try {
    folder = await deps.cache.runFolder()
    const result = await runReport(
      deps.gateway,
      environment.gateway,
      environment.secrets,
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
      const kept = await keepReadable(deps, folder, result.file, result.kind, input)
      if ('outcome' in kept) return await finish(kept)
      const durationMs = now() - startedAt
      return await finish(
        {
          outcome: 'report',
          result: kept,
          ...coded('report.received', {
            kind: result.kind.toUpperCase(),
            sizeBytes: result.bytes,
            durationMs,
          }),
        },
        durationMs,
      )
    }
    return await finish(await failedOutcome(deps, folder, result, input.request, job, onDamaged))
  } catch (error) {
    // Whatever failed, the run must not stay "sending" in History, nor leave files behind.
    if (folder !== undefined) await deps.cache.removeFolder(folder)
    if (!recorded) {
      const detail = (error as Error).message
      // The run's own failure is what to tell; a server lost meanwhile leaves the entry open.
      await records
        .recordResult(historyId, {
          outcome: 'transport-error',
          ...coded('report.run-failed', { detail }),
        })
        .catch(() => undefined)
    }
    throw error
  }
}

/**
 * The report kept and opened, with its template noted as run; or, when the report engine
 * cannot read what arrived, the protocol error to finish with (the run's folder removed).
 */
async function keepReadable(
  deps: ReportRunDeps,
  folder: string,
  download: string,
  kind: ReportKind,
  { request, template }: ReportRunRequest,
): Promise<KeptReport | RunEnding> {
  let kept
  try {
    kept = await keep(deps, download, kind, request)
  } catch (error) {
    if (!(error instanceof CsvError && UNREADABLE_CONTENT.includes(error.code))) throw error
    await deps.cache.removeFolder(folder)
    const upper = kind.toUpperCase()
    return {
      outcome: 'protocol-error',
      ...coded('report.unreadable', { kind: upper, ...explainedDetail(error) }),
    }
  }
  if (template) markRun(deps, template.id)
  return kept
}

/** The report, kept under its own name in the run's folder and opened for the window. */
async function keep(
  deps: ReportRunDeps,
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

/** The outcome of a run that brought no report: a damaged PDF is kept, anything else removed. */
async function failedOutcome(
  deps: ReportRunDeps,
  folder: string,
  result: ReportResult,
  request: ReportRequest,
  job: JobContext,
  onDamaged: OnDamaged,
): Promise<RunEnding> {
  if (result.damagedFile) {
    const damagedFileId = deps.reportFiles.register(result.damagedFile, 'application/pdf')
    const reportName = reportFileName(request.reportName || request.reportIdentifier, 'pdf')
    onDamaged(damagedFileId, basename(damagedFileName(reportName)))
    return { outcome: 'protocol-error', ...explained(result), damagedFileId }
  }
  await deps.cache.removeFolder(folder)
  if (job.signal.aborted) {
    return {
      outcome: 'cancelled',
      ...coded('report.cancelled'),
    }
  }
  if (result.exceeded === 'maxBytes') return { outcome: 'too-large', ...explained(result) }
  switch (result.outcome) {
    case 'internal-failure':
      return { outcome: result.outcome, incidentId: result.incidentId, ...explained(result) }
    case 'report': // a report without its file: the gateway module's bug, said plainly
      return {
        outcome: 'protocol-error',
        ...coded('report.not-saved'),
      }
    default:
      return { outcome: result.outcome, ...explained(result) }
  }
}

/** "Recently run" is a convenience: failing to note it (a role that may not) must not cost the report. */
function markRun(deps: ReportRunDeps, templateId: string) {
  try {
    Promise.resolve(deps.markTemplateRun(templateId)).catch(() => undefined)
  } catch {
    // The template's list order is all that is lost.
  }
}
