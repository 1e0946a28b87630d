import type { GatewayEnvironment } from '../platform/gateway/environment'
import type { StoredEnvironment } from './environments-repository'
import { coded } from '../platform/i18n/english'
import { EnvironmentError } from './environment-error'

/** The gateway's view of a stored environment: where to send and as whom. */
export function toGatewayEnvironment(environment: StoredEnvironment): GatewayEnvironment {
  const { baseUrl, endpointId, merchantLogin, updateRecurringPath, reportPath } = environment
  const { oauthInBody, extraCaPem } = environment
  if (baseUrl === null) {
    throw new EnvironmentError(
      'not-started',
      coded('environments.not-started', { environment: environment.name }),
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
