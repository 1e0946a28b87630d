import { createHmac, randomUUID, sign as rsaSign, type KeyObject } from 'node:crypto'
import type { Parameter } from './form-codec'
import { percentEncode, UnencodableTextError } from './percent-encoding'

export type SignatureMethod = 'HMAC-SHA1' | 'RSA-SHA256'

export type SigningCredentials =
  | { method: 'HMAC-SHA1'; consumerKey: string; controlKey: string; tokenSecret?: string }
  | { method: 'RSA-SHA256'; consumerKey: string; privateKey: KeyObject }

/** Thrown when a request cannot be signed; the message names the part at fault. */
export class SigningError extends Error {}

interface BaseStringUri {
  uri: string
  /** `uri` percent-encoded, as it stands in the base string. */
  encodedUri: string
  queryParameters: readonly Parameter[]
}

const baseUriCache = new Map<string, BaseStringUri>()
const BASE_URI_CACHE_SIZE = 64

/**
 * Splits a request URL into the base string URI (RFC 5849 §3.4.1.2: lower-case scheme and
 * host, no default port, no query or fragment) and its query parameters, which are signed too.
 */
export function baseStringUri(url: string): BaseStringUri {
  // An environment sends every request to the same few URLs; parsing them once saves a tenth of an HMAC request.
  const cached = baseUriCache.get(url)
  if (cached) return cached
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new SigningError(
      `The URL "${url}" is not a valid absolute URL (expected e.g. https://host/path)`,
    )
  }
  // URL already lower-cases scheme and host and drops the scheme's default port.
  const uri = `${parsed.protocol}//${parsed.host}${parsed.pathname}`
  const result = { uri, encodedUri: percentEncode(uri), queryParameters: [...parsed.searchParams] }
  if (baseUriCache.size >= BASE_URI_CACHE_SIZE) baseUriCache.clear()
  baseUriCache.set(url, result)
  return result
}

/**
 * A parameter as a sort key: encoded name, \u0001, encoded value. \u0001 sorts below every
 * character that encoded text can hold, so plain string order is the RFC 5849 §3.4.1.3.2 order
 * (encoded name, then encoded value), and the native sort beats a comparator several times.
 */
function sortKey([name, value]: Parameter): string {
  try {
    return `${percentEncode(name)}\u0001${percentEncode(value)}`
  } catch (error) {
    if (error instanceof UnencodableTextError) {
      throw new SigningError(`The parameter "${name.slice(0, 64)}" ${error.message}`)
    }
    throw error
  }
}

const asPairs = (keys: readonly string[]) => keys.join('&').replaceAll('\u0001', '=')

/** The normalized parameter string: encoded `name=value` pairs, sorted, joined with &. */
export function normalizeParameters(parameters: readonly Parameter[]): string {
  return asPairs(parameters.map(sortKey).sort())
}

function baseStringOfKeys(method: string, url: string, keys: readonly string[]): string {
  const { encodedUri, queryParameters } = baseStringUri(url)
  const sorted = queryParameters.length ? [...queryParameters.map(sortKey), ...keys] : [...keys]
  sorted.sort()
  // The normalized string encoded once more; its pairs hold only unreserved characters and %XX.
  let normalized = ''
  for (const key of sorted) {
    if (normalized) normalized += '%26'
    normalized += key.includes('%') ? key.replaceAll('%', '%25') : key
  }
  return `${percentEncode(method.toUpperCase())}&${encodedUri}&${normalized.replaceAll('\u0001', '%3D')}`
}

/** The signature base string of spec §5.2 (RFC 5849 §3.4.1). `parameters` excludes oauth_signature. */
export function signatureBaseString(
  method: string,
  url: string,
  parameters: readonly Parameter[],
): string {
  return baseStringOfKeys(method, url, parameters.map(sortKey))
}

/** Signs a base string; the result is the base64 oauth_signature. */
export function signBaseString(baseString: string, credentials: SigningCredentials): string {
  if (credentials.method === 'HMAC-SHA1') {
    const key = `${percentEncode(credentials.controlKey)}&${percentEncode(credentials.tokenSecret ?? '')}`
    return createHmac('sha1', key).update(baseString).digest('base64')
  }
  return rsaSign('sha256', Buffer.from(baseString), credentials.privateKey).toString('base64')
}

/** A cryptographically random nonce, unique per request (a v4 UUID: 122 random bits). */
export function randomNonce(): string {
  return randomUUID()
}

/** The oauth_* parameters of spec §5.1, without oauth_signature. */
export function oauthParameters(options: {
  consumerKey: string
  method: SignatureMethod
  nonce: string
  timestamp: number | string
}): Parameter[] {
  return [
    ['oauth_consumer_key', options.consumerKey],
    ['oauth_nonce', options.nonce],
    ['oauth_signature_method', options.method],
    ['oauth_timestamp', String(options.timestamp)],
    ['oauth_version', '1.0'],
  ]
}

/** `OAuth realm="", name="value", …` with every value percent-encoded (spec §5.1). */
function authorizationHeader(oauthKeys: readonly string[], signature: string): string {
  let header = 'OAuth realm=""'
  for (const key of oauthKeys) header += `, ${key.replace('\u0001', '="')}"`
  return `${header}, oauth_signature="${percentEncode(signature)}"`
}

export interface SignedRequest {
  oauth: Parameter[]
  baseString: string
  signature: string
  authorization: string
  /**
   * The form body of the signed parameters, encoded exactly as they were signed, followed by
   * the oauth_* parameters when `withOauth` (the spec's example requests repeat them there).
   */
  formBody: (withOauth: boolean) => string
}

/**
 * Signs one POST: `signedParameters` are the request parameters that enter the base string
 * (form body parameters; none for a JSON body), to which the oauth_* parameters are added.
 */
export function signRequest(options: {
  url: string
  signedParameters: readonly Parameter[]
  credentials: SigningCredentials
  nonce: string
  timestamp: number | string
}): SignedRequest {
  const { credentials } = options
  for (const [name] of options.signedParameters) {
    if (name.startsWith('oauth_')) {
      throw new SigningError(
        `The request parameter "${name}" is reserved for OAuth; GateDesk adds the oauth_* parameters itself`,
      )
    }
  }
  const oauth = oauthParameters({
    consumerKey: credentials.consumerKey,
    method: credentials.method,
    nonce: options.nonce,
    timestamp: options.timestamp,
  })
  const parameterKeys = options.signedParameters.map(sortKey)
  const oauthKeys = oauth.map(sortKey)
  const baseString = baseStringOfKeys('POST', options.url, [...parameterKeys, ...oauthKeys])
  const signature = signBaseString(baseString, credentials)
  return {
    oauth,
    baseString,
    signature,
    authorization: authorizationHeader(oauthKeys, signature),
    formBody: (withOauth) => asPairs(withOauth ? [...parameterKeys, ...oauthKeys] : parameterKeys),
  }
}
