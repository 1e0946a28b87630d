import {
  DEFAULT_REPORT_PATH,
  DEFAULT_UPDATE_RECURRING_PATH,
} from '../../preload/contract/environment'

/** Where and as whom GateDesk talks to one gateway deployment. Secrets are not part of it. */
export interface GatewayEnvironment {
  /** e.g. https://gate.example.com; the operation paths are appended to it. */
  baseUrl: string
  endpointId: string
  /** oauth_consumer_key: the merchant login given by the gateway. */
  merchantLogin: string
  /** Path template of update-recurring-payment; `{endpoint_id}` is replaced. */
  updateRecurringPath: string
  reportPath: string
  /** Repeat the oauth_* parameters in the form body, as the spec's example requests do. */
  oauthInBody: boolean
  /** An extra CA certificate (PEM) this environment's server is signed by. */
  extraCaPem: string | null
}

/** The spec's paths; white-label deployments use e.g. /paynet/api/v4/… and /paynet-ui/…. */
export const SPEC_PATHS = {
  updateRecurringPath: DEFAULT_UPDATE_RECURRING_PATH,
  reportPath: DEFAULT_REPORT_PATH,
} as const

function joinUrl(baseUrl: string, path: string): string {
  return baseUrl.replace(/\/+$/, '') + '/' + path.replace(/^\/+/, '')
}

export function updateRecurringUrl(env: GatewayEnvironment): string {
  return joinUrl(
    env.baseUrl,
    env.updateRecurringPath.replaceAll('{endpoint_id}', encodeURIComponent(env.endpointId)),
  )
}

export function reportUrl(env: GatewayEnvironment): string {
  return joinUrl(env.baseUrl, env.reportPath)
}
