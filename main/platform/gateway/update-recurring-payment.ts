import type { KeyObject } from 'node:crypto'
import type { GatewayEnvironment } from './environment'
import { updateRecurringUrl } from './environment'
import type { Parameter } from '../privacy/parameter'
import {
  unixSeconds,
  type CallOptions,
  type GatewayDeps,
  type SigningSecrets,
} from './gateway-client'
import { TransportError } from './https-transport'
import { explainedDetail } from '../../../preload/contract/platform/explained'
import { signRequest, signRequestInPool, type SignedRequest } from './oauth1'
import type { PreparedRequest } from './prepared-request'
import { codedResult, decodeUpdateResponse, type UpdateResult } from './update-response'

interface UpdateSigning {
  env: GatewayEnvironment
  privateKey: KeyObject
  parameters: readonly Parameter[]
  nonce: string
  timestamp: number
}

const signOptions = ({ env, privateKey, parameters, nonce, timestamp }: UpdateSigning) => ({
  url: updateRecurringUrl(env),
  signedParameters: parameters,
  credentials: { method: 'RSA-SHA256' as const, consumerKey: env.merchantLogin, privateKey },
  nonce,
  timestamp,
})

const preparedRequest = (env: GatewayEnvironment, signed: SignedRequest): PreparedRequest => ({
  url: updateRecurringUrl(env),
  headers: {
    'Content-Type': 'application/x-www-form-urlencoded',
    Authorization: signed.authorization,
  },
  body: signed.formBody(env.oauthInBody),
})

/** Builds and signs (RSA-SHA256) the update-recurring-payment request of spec §4.2 and §5.5. */
export function prepareUpdateRequest(
  env: GatewayEnvironment,
  privateKey: KeyObject,
  parameters: readonly Parameter[],
  nonce: string,
  timestamp: number,
): PreparedRequest {
  return preparedRequest(
    env,
    signRequest(signOptions({ env, privateKey, parameters, nonce, timestamp })),
  )
}

export interface UpdateCallOptions extends CallOptions {
  /**
   * The request leaves only once this has resolved (its record is durable), being signed
   * meanwhile; if it rejects, nothing leaves and its error is thrown.
   */
  leavesAfter?: Promise<unknown>
}

/**
 * Signs, sends and decodes one update-recurring-payment request.
 * Never retried: once the request may have reached the gateway, a failure is reported as unknown.
 */
export async function updateRecurringPayment(
  deps: GatewayDeps,
  env: GatewayEnvironment,
  secrets: SigningSecrets,
  parameters: readonly Parameter[],
  options: UpdateCallOptions = {},
): Promise<UpdateResult> {
  const { leavesAfter, ...callOptions } = options
  let request: PreparedRequest
  try {
    const privateKey = await secrets.rsaPrivateKey()
    const signing = {
      env,
      privateKey,
      parameters,
      nonce: deps.nonce(),
      timestamp: unixSeconds(deps),
    }
    request = preparedRequest(env, await signRequestInPool(signOptions(signing)))
  } catch (error) {
    // The key's or the keychain's refusal keeps its code, so the window words it too.
    return codedResult('not-sent', 'update.not-sent', explainedDetail(error as Error))
  }
  await leavesAfter

  try {
    const response = await deps.httpsPost({
      ...request,
      extraCaPem: env.extraCaPem ?? undefined,
      ...callOptions,
    })
    return decodeUpdateResponse(response.status, response.body, parameters)
  } catch (error) {
    if (!(error instanceof TransportError)) throw error
    return error.requestSent
      ? codedResult('unknown', 'update.unknown', explainedDetail(error))
      : codedResult('not-sent', 'update.nothing-reached', explainedDetail(error))
  }
}
