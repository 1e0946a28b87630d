import type { KeyObject } from 'node:crypto'
import type { HttpsPost, HttpsPostToFile } from './https-transport'

/** What the gateway operations need from the world; tests pass real or local ones. */
export interface GatewayDeps {
  httpsPost: HttpsPost
  httpsPostToFile: HttpsPostToFile
  /** Current Unix time in milliseconds (oauth_timestamp). */
  now: () => number
  /** A fresh oauth_nonce for every request. */
  nonce: () => string
}

/** One environment's secrets, read only inside main at signing time. */
export interface SigningSecrets {
  /** The merchant control key; reports are signed with it (HMAC-SHA1). */
  controlKey(): Promise<string>
  /** The merchant's RSA private key; update-recurring-payment is signed with it (RSA-SHA256). */
  rsaPrivateKey(): Promise<KeyObject>
}

export interface CallOptions {
  signal?: AbortSignal
  connectTimeoutMs?: number
  responseTimeoutMs?: number
  /** For the whole exchange: an answer that trickles in is cut off (the transport's default). */
  deadlineMs?: number
}

export function unixSeconds(deps: GatewayDeps): number {
  return Math.floor(deps.now() / 1000)
}
