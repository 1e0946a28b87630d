import { mkdtemp, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { ConnectionCheck } from '../../preload/contract/environments/environment-channels'
import type { ReportRequest } from '../../preload/contract/reports/report-request'
import { runReport } from '../platform/gateway/custom-report'
import type { GatewayEnvironment } from '../platform/gateway/environment'
import type { GatewayDeps, SigningSecrets } from '../platform/gateway/gateway-client'
import { explainedDetail } from '../../preload/contract/platform/explained'
import { formatSizeLimit, formatTimeLimit } from '../../preload/contract/platform/readable-units'

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
  options: { workDir: string; probe?: ReportRequest },
): Promise<ConnectionCheck> {
  const probe = options.probe ?? PROBE_REQUEST
  const dir = await mkdtemp(join(options.workDir, 'connection-check-'))
  try {
    const result = await runReport(deps, env, secrets, probe, {
      file: join(dir, 'probe'),
      connectTimeoutMs: 10_000,
      responseTimeoutMs: 20_000,
      limits: PROBE_LIMITS,
    })
    switch (result.outcome) {
      case 'report':
        return {
          outcome: 'ok',
          message: `Connected over verified TLS, and the gateway accepted the merchant login and control key (it answered with a ${result.kind?.toUpperCase()} report).`,
          messageCode: 'connection.ok',
          params: { kind: result.kind?.toUpperCase() ?? '' },
        }
      case 'not-authorised':
        return {
          outcome: 'credentials-rejected',
          message: `The gateway is reachable over verified TLS, but it refused the merchant login or control key. ${result.message}`,
          messageCode: 'connection.credentials-rejected',
          params: explainedDetail(result),
        }
      case 'transport-error':
        if (result.exceeded) {
          // The window writes the limit in its language: a size by limitBytes, a time by limitMs.
          const [limit, code, params] =
            result.exceeded === 'maxBytes'
              ? [
                  formatSizeLimit(PROBE_LIMITS.maxBytes),
                  'connection.too-large',
                  { limitBytes: PROBE_LIMITS.maxBytes },
                ]
              : [
                  formatTimeLimit(PROBE_LIMITS.deadlineMs),
                  'connection.too-slow',
                  { limitMs: PROBE_LIMITS.deadlineMs },
                ]
          return {
            outcome: 'answered-unexpectedly',
            message: `The server is reachable over verified TLS, but its answer to the test report went past ${limit}, far more than a gateway's, so GateDesk stopped reading it and kept nothing. Check that the environment's URL points at the gateway's API.`,
            messageCode: code,
            params,
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
          message: `The gateway is reachable over verified TLS and did not reject the credentials, but it did not answer the test report as expected: ${result.message}`,
          messageCode: 'connection.unexpected',
          params: explainedDetail(result),
        }
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
