import { rm } from 'node:fs/promises'
import type { ReportRequest } from '../../preload/contract/report-request'
import { reportUrl, type GatewayEnvironment } from './environment'
import {
  unixSeconds,
  type CallOptions,
  type GatewayDeps,
  type SigningSecrets,
} from './gateway-client'
import { TransportError } from './https-transport'
import { signRequest } from './oauth1'
import type { PreparedRequest } from './prepared-request'
import { classifyReport, reportFailure, type ReportResult } from './report-response'

/**
 * The JSON report request is signed over the oauth_* parameters alone: RFC 5849 counts only
 * form bodies as parameters and the spec documents no body hash. This is the one place that says so.
 */
const REPORT_SIGNED_PARAMETERS = [] as const

export interface ReportCallOptions extends CallOptions {
  /** Where to save the report; the body streams there and never sits whole in memory. */
  file: string
  onProgress?: (progress: { receivedBytes: number; totalBytes: number | null }) => void
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
    return reportFailure('transport-error', `Nothing was sent: ${(error as Error).message}`)
  }

  let saved
  try {
    saved = await deps.httpsPostToFile({
      ...prepared,
      extraCaPem: env.extraCaPem ?? undefined,
      ...options,
    })
  } catch (error) {
    if (!(error instanceof TransportError)) throw error
    return reportFailure('transport-error', `The report could not be downloaded: ${error.message}`)
  }

  const kind = classifyReport(saved)
  if (typeof kind !== 'string') {
    await rm(saved.file, { force: true })
    return kind
  }
  return {
    outcome: 'report',
    kind,
    file: saved.file,
    bytes: saved.bytes,
    incidentId: null,
    message: `Saved a ${kind.toUpperCase()} report of ${saved.bytes} bytes.`,
  }
}
