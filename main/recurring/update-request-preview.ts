import type { RecurringRequestPreview } from '../../preload/contract/recurring/recurring-editor-channels'
import type { EnvironmentReads } from '../environments/environment-service'
import { updateRecurringUrl } from '../platform/gateway/environment'
import { unixSeconds, type GatewayDeps } from '../platform/gateway/gateway-client'
import { signRequest } from '../platform/gateway/oauth1'
import { prepareUpdateRequest } from '../platform/gateway/update-recurring-payment'
import { maskParameters } from '../platform/privacy/redaction'
import { givenValues, parametersOf } from '../platform/gateway/update-parameters'

export interface PreviewDeps {
  /** The desk's workspace's environments, read when a preview is asked for. */
  environments: {
    reads(): Promise<Pick<EnvironmentReads, 'gatewayEnvironment' | 'signingSecrets'>>
  }
  gateway: GatewayDeps
}

/**
 * What a send of this update would put on the wire now (the GUI face of `gatedesk sign`): the
 * real request is signed with the environment's key for its Authorization header, and the body and
 * signature base string are built again from the masked parameters with the same nonce and
 * timestamp, so the card number, CVV2 and SSN never leave main. Nothing is sent or recorded.
 */
export function createRecurringPreviewService(deps: PreviewDeps) {
  return {
    async preview(
      environmentId: string,
      input: Record<string, string | undefined>,
    ): Promise<RecurringRequestPreview> {
      const environments = await deps.environments.reads()
      const env = environments.gatewayEnvironment(environmentId)
      const privateKey = await environments.signingSecrets(environmentId).rsaPrivateKey()
      const parameters = parametersOf(givenValues(input))
      const nonce = deps.gateway.nonce()
      const timestamp = unixSeconds(deps.gateway)
      const real = prepareUpdateRequest(env, privateKey, parameters, nonce, timestamp)
      const shown = signRequest({
        url: updateRecurringUrl(env),
        signedParameters: maskParameters(parameters),
        credentials: { method: 'RSA-SHA256', consumerKey: env.merchantLogin, privateKey },
        nonce,
        timestamp,
      })
      return {
        method: 'POST',
        signatureMethod: 'RSA-SHA256',
        url: real.url,
        contentType: real.headers['Content-Type']!,
        authorization: real.headers['Authorization']!,
        baseString: shown.baseString,
        body: shown.formBody(env.oauthInBody),
      }
    },
  }
}

export type RecurringPreviewService = ReturnType<typeof createRecurringPreviewService>
