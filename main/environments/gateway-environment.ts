import type { GatewayEnvironment } from '../platform/gateway/environment'
import type { StoredEnvironment } from './environments-repository'
import { EnvironmentError } from './environment-error'

/** The gateway's view of a stored environment: where to send and as whom. */
export function toGatewayEnvironment(environment: StoredEnvironment): GatewayEnvironment {
  const { baseUrl, endpointId, merchantLogin, updateRecurringPath, reportPath } = environment
  const { oauthInBody, extraCaPem } = environment
  if (baseUrl === null) {
    throw new EnvironmentError(
      'not-started',
      `The environment "${environment.name}" has no address yet: the Sandbox gets one when it starts. Start the Sandbox, then try again.`,
    )
  }
  return {
    baseUrl,
    endpointId,
    merchantLogin,
    updateRecurringPath,
    reportPath,
    oauthInBody,
    extraCaPem,
  }
}
