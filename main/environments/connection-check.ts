import { mkdtemp, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type {
  ConnectionCheck,
  ConnectionCheckStage,
} from '../../preload/contract/environments/environment-channels'
import type { ReportRequest } from '../../preload/contract/reports/report-request'
import { runReport } from '../platform/gateway/custom-report'
import type { GatewayEnvironment } from '../platform/gateway/environment'
import type { GatewayDeps, SigningSecrets } from '../platform/gateway/gateway-client'
import { explainedDetail } from '../../preload/contract/platform/explained'
import { coded } from '../platform/i18n/english'

// Small and harmless: a signed request proves TLS and the report credentials whatever it asks.
export const PROBE_REQUEST: ReportRequest = {
  reportIdentifier: 'gatedesk-connection-check',
  reportEncode: 'UTF-8',
  reportName: 'GateDesk connection check',
  reportCsvDelimiter: ',',
  reportFormat: 'CSV',
  configurationReportParameters: [],
  inputReportParameters: [],
  outputReportParameters: [],
  filters: {},
}

/** A probe's answer is small: a hostile endpoint must not fill the disk (or take minutes). */
const PROBE_LIMITS = { maxBytes: 64 * 1024, deadlineMs: 30_000 }

/**
 * Sends one small signed report request and explains the answer: spec §7.1 makes "not
 * authorised" the gateway's word for rejected credentials, so any other answer means the
 * merchant login and control key were accepted. A gateway whose reports are known (the built-in
 * sandbox) is asked for a real, tiny one, so a report back proves the whole way works. The answer
 * is written inside `workDir` (the app's owner-only temp folder), never the shared OS temp.
 */
export async function checkConnection(
  deps: GatewayDeps,
  env: GatewayEnvironment,
  secrets: SigningSecrets,
  options: {
    workDir: string
    probe?: ReportRequest
    /** Aborts the request: the check answers 'cancelled' and keeps nothing. */
    signal?: AbortSignal
    /** Each step as it is reached; `receivedBytes` while reading the answer. */
    onStage?: (stage: ConnectionCheckStage, receivedBytes: number | null) => void
  },
): Promise<ConnectionCheck> {
  const { signal, onStage } = options
  const probe = options.probe ?? PROBE_REQUEST
  const dir = await mkdtemp(join(options.workDir, 'connection-check-'))
  try {
    onStage?.('connecting', null)
    const result = await runReport(deps, env, secrets, probe, {
      file: join(dir, 'probe'),
      connectTimeoutMs: 10_000,
      responseTimeoutMs: 20_000,
      limits: PROBE_LIMITS,
      signal,
      onConnected: () => onStage?.('waiting', null),
      onProgress: ({ receivedBytes }) => onStage?.('reading', receivedBytes),
    })
    if (result.params?.detailCode === 'transport.cancelled') {
      return { outcome: 'cancelled', ...coded('connection.cancelled') }
    }
    switch (result.outcome) {
      case 'report':
        return {
          outcome: 'ok',
          ...coded('connection.ok', { kind: result.kind?.toUpperCase() ?? '' }),
        }
      case 'not-authorised':
        return {
          outcome: 'credentials-rejected',
          ...coded('connection.credentials-rejected', explainedDetail(result)),
        }
      case 'transport-error':
        if (result.exceeded) {
          // The limit is a value: a size by limitBytes, a time by limitMs, worded in each language.
          return {
            outcome: 'answered-unexpectedly',
            ...(result.exceeded === 'maxBytes'
              ? coded('connection.too-large', { limitBytes: PROBE_LIMITS.maxBytes })
              : coded('connection.too-slow', { limitMs: PROBE_LIMITS.deadlineMs })),
          }
        }
        return {
          outcome: 'unreachable',
          message: result.message,
          messageCode: result.messageCode,
          params: result.params,
        }
      default:
        return {
          outcome: 'answered-unexpectedly',
          ...coded('connection.unexpected', explainedDetail(result)),
        }
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
