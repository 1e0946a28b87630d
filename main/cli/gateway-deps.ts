import type { GatewayDeps } from '../platform/gateway/gateway-client'
import { httpsPost, httpsPostToFile } from '../platform/gateway/https-transport'
import { randomNonce } from '../platform/gateway/oauth1'

/** The real world for the gateway operations run from a terminal. */
export const cliGatewayDeps: GatewayDeps = {
  httpsPost,
  httpsPostToFile,
  now: Date.now,
  nonce: randomNonce,
}
