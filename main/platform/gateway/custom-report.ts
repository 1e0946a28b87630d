import { rename, rm } from 'node:fs/promises'
import { format, parse } from 'node:path'
import type { ReportRequest } from '../../../preload/contract/reports/report-request'
import { reportUrl, type GatewayEnvironment } from './environment'
import {
  unixSeconds,
  type CallOptions,
  type GatewayDeps,
  type SigningSecrets,
} from './gateway-client'
import { DEFAULT_DOWNLOAD_LIMITS, TransportError } from './https-transport'
import { signRequest } from './oauth1'
import type { PreparedRequest } from './prepared-request'
import { checkPdfStructure } from '../pdf/pdf-structure'
import {
  classifyReport,
  damagedPdfFailure,
  reportFailure,
  requestedKind,
  type ReportKind,
  type ReportResult,
} from './report-response'
import { explainedDetail } from '../../../preload/contract/platform/explained'
import { coded } from '../i18n/english'

/**
 * The JSON report request is signed over the oauth_* parameters alone: RFC 5849 counts only
 * form bodies as parameters and the spec documents no body hash. This is the one place that says so.
 */
const REPORT_SIGNED_PARAMETERS = [] as const

/** How much a report download may take: past either, it stops and nothing is kept. */
export interface ReportLimits {
  maxBytes: number
  /** For the whole download, however steadily the bytes come. */
  deadlineMs: number
}

export const DEFAULT_REPORT_LIMITS: ReportLimits = {
  maxBytes: DEFAULT_DOWNLOAD_LIMITS.maxBodyBytes,
  deadlineMs: DEFAULT_DOWNLOAD_LIMITS.deadlineMs,
}

export interface ReportCallOptions extends Omit<CallOptions, 'deadlineMs'> {
  /**
   * Where to save the report; the body streams to `file.part` and never sits whole in memory.
   * `file` is replaced only by an accepted report.
   */
  file: string
  onProgress?: (progress: { receivedBytes: number; totalBytes: number | null }) => void
  /** Once TLS is up and the signed request is on its way. */
  onConnected?: () => void
  /** DEFAULT_REPORT_LIMITS for what is not given. */
  limits?: Partial<ReportLimits>
  /**
   * Keep a damaged PDF's bytes beside `file` (damagedFileName) instead of deleting them; it is
   * still no report. Only on the user's request: such a file may not open anywhere.
   */
  keepDamaged?: boolean
  /**
   * The kind to keep when the request's reportFormat names none GateDesk knows (the CLI: the one
   * `file`'s extension names); a report of another kind is not kept.
   */
  expectedKind?: ReportKind
}

/** Where a damaged PDF is kept on request: `report.pdf` becomes `report.damaged.pdf`. */
export function damagedFileName(file: string): string {
  const { dir, name, ext } = parse(file)
  return format({ dir, name: `${name}.damaged`, ext })
}

/** The URL and signed Authorization header (HMAC-SHA1) of a custom transactions report request. */
export function signReportRequest(
  env: GatewayEnvironment,
  controlKey: string,
  nonce: string,
  timestamp: number,
): { url: string; authorization: string } {
  const url = reportUrl(env)
  const { authorization } = signRequest({
    url,
    signedParameters: REPORT_SIGNED_PARAMETERS,
    credentials: { method: 'HMAC-SHA1', consumerKey: env.merchantLogin, controlKey },
    nonce,
    timestamp,
  })
  return { url, authorization }
}

/** Builds and signs the custom transactions report request of spec §4.1. */
export function prepareReportRequest(
  env: GatewayEnvironment,
  controlKey: string,
  request: ReportRequest,
  nonce: string,
  timestamp: number,
): PreparedRequest {
  const { url, authorization } = signReportRequest(env, controlKey, nonce, timestamp)
  return {
    url,
    headers: { 'Content-Type': 'application/json', Authorization: authorization },
    body: JSON.stringify(request),
  }
}

/** Signs and sends a custom transactions report request and saves the report to a file. */
export async function runReport(
  deps: GatewayDeps,
  env: GatewayEnvironment,
  secrets: SigningSecrets,
  request: ReportRequest,
  options: ReportCallOptions,
): Promise<ReportResult> {
  let prepared: PreparedRequest
  try {
    const controlKey = await secrets.controlKey()
    prepared = prepareReportRequest(env, controlKey, request, deps.nonce(), unixSeconds(deps))
  } catch (error) {
    return reportFailure('transport-error', 'report.not-sent', explainedDetail(error as Error))
  }

  const { file, limits: given, keepDamaged = false, expectedKind, ...callOptions } = options
  const limits = { ...DEFAULT_REPORT_LIMITS, ...given }
  const partFile = `${file}.part`
  // A .part left by a crash is GateDesk's; unlinking a symlink there never touches its target.
  await rm(partFile, { force: true }).catch(() => undefined)
  let saved
  try {
    saved = await deps.httpsPostToFile({
      ...prepared,
      extraCaPem: env.extraCaPem ?? undefined,
      ...callOptions,
      file: partFile,
      maxBodyBytes: limits.maxBytes,
      deadlineMs: limits.deadlineMs,
    })
  } catch (error) {
    if (!(error instanceof TransportError)) throw error
    return downloadFailure(error, limits)
  }

  const kind = classifyReport(saved, requestedKind(request.reportFormat) ?? expectedKind ?? null)
  if (typeof kind !== 'string') {
    await rm(partFile, { force: true })
    return kind
  }
  const damage = kind === 'pdf' ? await checkPdfStructure(partFile) : null
  if (damage) return refuseDamagedPdf(damagedPdfFailure(damage), partFile, keepDamaged && file)
  try {
    await rename(partFile, file)
  } catch (error) {
    await rm(partFile, { force: true }).catch(() => undefined)
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message
    return reportFailure('transport-error', 'report.save-failed', { file, code })
  }
  return {
    outcome: 'report',
    kind,
    file,
    bytes: saved.bytes,
    incidentId: null,
    ...coded('report.saved', { kind: kind.toUpperCase(), n: saved.bytes }),
  }
}

/** A damaged PDF is deleted, or kept under damagedFileName(`file`) when one is given. */
async function refuseDamagedPdf(
  failure: ReportResult,
  partFile: string,
  file: string | false,
): Promise<ReportResult> {
  if (file === false) {
    await rm(partFile, { force: true })
    return failure
  }
  const damagedFile = damagedFileName(file)
  try {
    await rename(partFile, damagedFile)
  } catch {
    // Not kept after all: the result says so by having no damagedFile.
    await rm(partFile, { force: true }).catch(() => undefined)
    return failure
  }
  return { ...failure, damagedFile }
}

/** Why a download failed, in words: a limit it reached is named with its value. */
function downloadFailure(error: TransportError, limits: ReportLimits): ReportResult {
  switch (error.kind) {
    case 'too-large':
      return {
        ...reportFailure('transport-error', 'report.too-large', { limitBytes: limits.maxBytes }),
        exceeded: 'maxBytes',
      }
    case 'deadline':
      return {
        ...reportFailure('transport-error', 'report.deadline', { limitMs: limits.deadlineMs }),
        exceeded: 'deadlineMs',
      }
    default:
      return reportFailure('transport-error', 'report.download-failed', explainedDetail(error))
  }
}
