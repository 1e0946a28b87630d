import type { GatewayDeps } from '../gateway/gateway-client'
import { httpsPost, httpsPostToFile } from '../gateway/https-transport'
import { randomNonce } from '../gateway/oauth1'

/** The real world for the gateway operations run from a terminal. */
export const cliGatewayDeps: GatewayDeps = {
  httpsPost,
  httpsPostToFile,
  now: Date.now,
  nonce: randomNonce,
}
