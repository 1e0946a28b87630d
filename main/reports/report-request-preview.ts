import type { ReportRequestPreview } from '../../preload/contract/reports/report-run-channels'
import type { ReportRequest } from '../../preload/contract/reports/report-request'
import { prepareReportRequest } from '../platform/gateway/custom-report'
import type { GatewayEnvironment } from '../platform/gateway/environment'
import { unixSeconds, type GatewayDeps } from '../platform/gateway/gateway-client'
import { oauthParameters, signatureBaseString, signBaseString } from '../platform/gateway/oauth1'

const SIGNATURE_IN_HEADER = /oauth_signature="([^"]*)"/

/**
 * What a run of `request` would send now, signed as the run signs it (prepareReportRequest), with
 * the base string beside it. The base string is rebuilt from the oauth_* parameters alone, as
 * custom-report.ts signs a JSON request; if that ever changed, the rebuilt string would no longer
 * give the header's signature, and the preview refuses to show a base string that was not signed.
 */
export function previewReportRequest(
  deps: GatewayDeps,
  env: GatewayEnvironment,
  controlKey: string,
  request: ReportRequest,
): ReportRequestPreview {
  const nonce = deps.nonce()
  const timestamp = unixSeconds(deps)
  const prepared = prepareReportRequest(env, controlKey, request, nonce, timestamp)
  const authorization = prepared.headers['Authorization']!
  const credentials = {
    method: 'HMAC-SHA1' as const,
    consumerKey: env.merchantLogin,
    controlKey,
  }
  const baseString = signatureBaseString(
    'POST',
    prepared.url,
    oauthParameters({ ...credentials, nonce, timestamp }),
  )
  const signed = decodeURIComponent(SIGNATURE_IN_HEADER.exec(authorization)?.[1] ?? '')
  if (signBaseString(baseString, credentials) !== signed) {
    throw new Error(
      'GateDesk could not rebuild the signature base string of this request: the preview is not shown rather than shown wrong.',
    )
  }
  return { method: 'HMAC-SHA1', url: prepared.url, baseString, authorization, body: prepared.body }
}
