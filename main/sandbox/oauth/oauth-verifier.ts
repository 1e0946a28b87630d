import { createPublicKey, timingSafeEqual, verify, type KeyObject } from 'node:crypto'
import type { Parameter } from '../../platform/privacy/parameter'
// base-string.ts, not oauth1.ts: this process loads no message catalog.
import {
  signatureBaseString,
  signBaseString,
  type SignatureMethod,
} from '../../platform/gateway/base-string'
import { AuthorizationHeaderError, parseAuthorizationHeader } from './authorization-header'
import type { Merchant } from '../stores/merchant-store'

export type AuthFailureCode =
  | 'missing-authorization'
  | 'malformed-authorization'
  | 'missing-oauth-parameter'
  | 'conflicting-oauth-parameter'
  | 'unexpected-oauth-parameter'
  | 'wrong-signature-method'
  | 'unsupported-oauth-version'
  | 'unknown-consumer-key'
  | 'stale-timestamp'
  | 'reused-nonce'
  | 'bad-signature'

export type AuthResult =
  | { ok: true; merchant: Merchant; parameters: Parameter[] }
  | { ok: false; code: AuthFailureCode; message: string }

export interface SignedRequest {
  /** The URL the client addressed, as it signed it. */
  url: string
  authorization: string | undefined
  /** Every form body parameter (none for a JSON body), oauth_* ones included. */
  body: readonly Parameter[]
}

export interface VerifierOptions {
  /** The method this operation is signed with (spec §4). */
  method: SignatureMethod
  operation: string
  merchant: (consumerKey: string) => Merchant | null
  nowSeconds: number
  windowSeconds: number
  /** Records the nonce; false when it was seen within the window. */
  useNonce: (consumerKey: string, nonce: string) => boolean
}

const REQUIRED = [
  'oauth_consumer_key',
  'oauth_nonce',
  'oauth_signature_method',
  'oauth_timestamp',
  'oauth_signature',
]
const KNOWN = new Set([...REQUIRED, 'oauth_version'])
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/
const MAX_NONCE_LENGTH = 128

const fail = (code: AuthFailureCode, message: string): AuthResult => ({ ok: false, code, message })

/** The oauth_* set: header first, then body repeats; identical repeats count once. */
function mergeOauthParameters(header: readonly Parameter[], body: readonly Parameter[]) {
  const merged = new Map<string, string>()
  for (const [source, parameters] of [
    ['header', header],
    ['body', body],
  ] as const) {
    for (const [name, value] of parameters) {
      if (!name.startsWith('oauth_')) {
        if (source === 'header')
          return fail(
            'unexpected-oauth-parameter',
            `the Authorization header carries ${name.slice(0, 40)}, which is not an OAuth parameter`,
          )
        continue
      }
      if (name === 'oauth_signature' && source === 'body') {
        return fail(
          'unexpected-oauth-parameter',
          'oauth_signature must be sent in the Authorization header only, never in the body (spec §5.1)',
        )
      }
      if (!KNOWN.has(name)) {
        return fail(
          'unexpected-oauth-parameter',
          `${name.slice(0, 40)} is not used by this gateway: send only ${[...KNOWN].join(', ')} (no tokens)`,
        )
      }
      const previous = merged.get(name)
      if (previous !== undefined && previous !== value) {
        return fail(
          'conflicting-oauth-parameter',
          `${name} is sent twice with different values: repeat it only with the same value`,
        )
      }
      merged.set(name, value)
    }
  }
  return merged
}

const publicKeys = new Map<string, KeyObject>()
function publicKeyOf(pem: string): KeyObject {
  let key = publicKeys.get(pem)
  if (!key) {
    key = createPublicKey(pem)
    publicKeys.set(pem, key)
  }
  return key
}

function signatureMatches(
  baseString: string,
  signature: string,
  method: SignatureMethod,
  merchant: Merchant,
): boolean {
  if (!BASE64.test(signature)) return false
  const given = Buffer.from(signature, 'base64')
  if (method === 'RSA-SHA256') {
    return verify('sha256', Buffer.from(baseString), publicKeyOf(merchant.publicKeyPem), given)
  }
  const expected = Buffer.from(
    signBaseString(baseString, {
      method,
      consumerKey: merchant.login,
      controlKey: merchant.controlKey,
    }),
    'base64',
  )
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/**
 * Authenticates a request as the gateway would: rebuilds the base string from what arrived and
 * checks method, consumer key, signature, timestamp window and nonce (spec §5).
 */
export function verifyOAuthRequest(request: SignedRequest, options: VerifierOptions): AuthResult {
  if (request.authorization === undefined || request.authorization.trim() === '') {
    return fail(
      'missing-authorization',
      'the request has no Authorization header: sign it with OAuth 1.0 (spec §5)',
    )
  }
  let header: Parameter[]
  try {
    header = parseAuthorizationHeader(request.authorization)
  } catch (error) {
    if (!(error instanceof AuthorizationHeaderError)) throw error
    const code = /scheme/.test(error.message) ? 'missing-authorization' : 'malformed-authorization'
    return fail(code, error.message)
  }
  const merged = mergeOauthParameters(header, request.body)
  if (!(merged instanceof Map)) return merged
  const missing = REQUIRED.filter((name) => !merged.get(name))
  if (missing.length > 0) {
    return fail(
      'missing-oauth-parameter',
      `${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing: every request carries ${REQUIRED.join(', ')}`,
    )
  }
  const get = (name: string) => merged.get(name)!
  const version = merged.get('oauth_version')
  if (version !== undefined && version !== '1.0') {
    return fail(
      'unsupported-oauth-version',
      `oauth_version is "${version.slice(0, 20)}"; this gateway speaks OAuth 1.0: send 1.0`,
    )
  }
  const method = get('oauth_signature_method')
  if (method !== options.method) {
    return fail(
      'wrong-signature-method',
      `oauth_signature_method is ${method.slice(0, 20)}, but ${options.operation} is signed with ${options.method}`,
    )
  }
  const consumerKey = get('oauth_consumer_key')
  const merchant = options.merchant(consumerKey)
  if (!merchant) {
    return fail(
      'unknown-consumer-key',
      `oauth_consumer_key "${consumerKey.slice(0, 64)}" is not a merchant login this gateway knows: check the environment's merchant login`,
    )
  }
  const timestamp = get('oauth_timestamp')
  const skew = Number(timestamp) - options.nowSeconds
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(skew) > options.windowSeconds) {
    const how = /^\d{1,12}$/.test(timestamp)
      ? `${Math.abs(skew)} s ${skew < 0 ? 'behind' : 'ahead of'} the gateway's clock`
      : 'not Unix seconds'
    return fail(
      'stale-timestamp',
      `oauth_timestamp ${timestamp.slice(0, 20)} is ${how} (allowed: ±${options.windowSeconds} s): check this computer's date, time and time zone`,
    )
  }
  const nonce = get('oauth_nonce')
  if (nonce.length > MAX_NONCE_LENGTH) {
    return fail(
      'malformed-authorization',
      `oauth_nonce is longer than ${MAX_NONCE_LENGTH} characters`,
    )
  }
  const parameters = request.body.filter(([name]) => !name.startsWith('oauth_'))
  const signedOauth = [...merged].filter(([name]) => name !== 'oauth_signature')
  const baseString = signatureBaseString('POST', request.url, [...parameters, ...signedOauth])
  if (!signatureMatches(baseString, get('oauth_signature'), options.method, merchant)) {
    const key =
      options.method === 'RSA-SHA256'
        ? "the merchant's registered public key"
        : "the merchant's control key"
    return fail(
      'bad-signature',
      `the ${options.method} signature does not match the request as received, checked with ${key}: compare your base string with "gatedesk sign"`,
    )
  }
  if (!options.useNonce(consumerKey, nonce)) {
    return fail(
      'reused-nonce',
      `oauth_nonce "${nonce}" was already used within the last ${options.windowSeconds} s: send a fresh random nonce with every request`,
    )
  }
  return { ok: true, merchant, parameters }
}
