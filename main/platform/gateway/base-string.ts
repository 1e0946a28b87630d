import { createHmac, sign as rsaSign, type KeyObject } from 'node:crypto'
import type { Parameter } from '../privacy/parameter'
import { percentEncode, UnencodableTextError } from './percent-encoding'

/*
 * The OAuth 1.0 signature base string (spec §5.2, RFC 5849 §3.4.1) and its signature: what
 * GateDesk signs with (oauth1.ts) and what the built-in sandbox verifies with.
 */

export type SignatureMethod = 'HMAC-SHA1' | 'RSA-SHA256'

export type SigningCredentials =
  | { method: 'HMAC-SHA1'; consumerKey: string; controlKey: string; tokenSecret?: string }
  | { method: 'RSA-SHA256'; consumerKey: string; privateKey: KeyObject }

/**
 * Text a base string cannot hold, by code and params only: the sandbox process verifies with this
 * file and loads no catalog, so oauth1.ts words it for people (SigningError).
 */
export class BaseStringError extends Error {
  override readonly name = 'BaseStringError'
  constructor(
    readonly messageCode: 'signing.invalid-url' | 'signing.unencodable.parameter',
    readonly params: { url: string } | { name: string },
  ) {
    super(messageCode)
  }
}

/** A parameter percent-encoded once, as it travels in a form body. */
export type EncodedParameter = readonly [name: string, value: string]

export function encodeParameter(name: string, value: string): EncodedParameter {
  try {
    return [percentEncode(name), percentEncode(value)]
  } catch (error) {
    if (!(error instanceof UnencodableTextError)) throw error
    throw new BaseStringError('signing.unencodable.parameter', { name: name.slice(0, 64) })
  }
}

// Encoded text holds only unreserved characters and %XX, so encoding it again only turns % into %25.
export const encodeAgain = (encoded: string) =>
  encoded.includes('%') ? encoded.replaceAll('%', '%25') : encoded

/**
 * A parameter as it stands in the base string (name and value encoded twice), with \u0001 in
 * place of its `=`. Encoding again keeps the order of encoded text (% is its lowest character and
 * stays first), and \u0001 sorts below every character, so plain string order of these keys is
 * the RFC 5849 §3.4.1.3.2 order (encoded name, then encoded value): the native sort, no comparator.
 */
export const baseStringKey = ([name, value]: EncodedParameter) =>
  `${encodeAgain(name)}\u0001${encodeAgain(value)}`

interface BaseStringUri {
  uri: string
  /** `uri` percent-encoded, as it stands in the base string. */
  encodedUri: string
  queryParameters: readonly Parameter[]
  /** The query parameters as base string keys. */
  queryKeys: readonly string[]
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
    throw new BaseStringError('signing.invalid-url', { url })
  }
  // URL already lower-cases scheme and host and drops the scheme's default port.
  const uri = `${parsed.protocol}//${parsed.host}${parsed.pathname}`
  const queryParameters = [...parsed.searchParams]
  const result = {
    uri,
    encodedUri: percentEncode(uri),
    queryParameters,
    queryKeys: queryParameters.map(([name, value]) => baseStringKey(encodeParameter(name, value))),
  }
  if (baseUriCache.size >= BASE_URI_CACHE_SIZE) baseUriCache.clear()
  baseUriCache.set(url, result)
  return result
}

/**
 * `keys` sorted and joined as the normalized parameter string of a base string, with the
 * already normalized `oauthBlock` placed among them: every key sorts below `oauth_` or above
 * the whole block, because no other parameter's name starts with oauth_.
 */
export function normalizedString(keys: string[], oauthBlock = ''): string {
  if (keys.length === 0) return oauthBlock // a JSON request signs its oauth_* parameters alone
  keys.sort()
  let normalized = ''
  let placed = !oauthBlock
  for (const key of keys) {
    if (!placed && key > 'oauth_') {
      normalized += normalized ? `%26${oauthBlock}` : oauthBlock
      placed = true
    }
    const separator = key.indexOf('\u0001')
    if (normalized) normalized += '%26'
    normalized += `${key.slice(0, separator)}%3D${key.slice(separator + 1)}`
  }
  if (placed) return normalized
  return normalized ? `${normalized}%26${oauthBlock}` : oauthBlock
}

function baseStringOfKeys(method: string, url: string, keys: string[]): string {
  const { encodedUri, queryKeys } = baseStringUri(url)
  if (queryKeys.length) keys.push(...queryKeys)
  return `${percentEncode(method.toUpperCase())}&${encodedUri}&${normalizedString(keys)}`
}

const keysOf = (parameters: readonly Parameter[]) =>
  parameters.map(([name, value]) => baseStringKey(encodeParameter(name, value)))

/** The normalized parameter string: encoded `name=value` pairs, sorted, joined with &. */
export function normalizeParameters(parameters: readonly Parameter[]): string {
  // Decoding once undoes the second encoding: it holds only unreserved characters, %25, %26, %3D.
  return decodeURIComponent(normalizedString(keysOf(parameters)))
}

/** The signature base string of spec §5.2 (RFC 5849 §3.4.1). `parameters` excludes oauth_signature. */
export function signatureBaseString(
  method: string,
  url: string,
  parameters: readonly Parameter[],
): string {
  return baseStringOfKeys(method, url, keysOf(parameters))
}

/** Signs a base string; the result is the base64 oauth_signature. */
export function signBaseString(baseString: string, credentials: SigningCredentials): string {
  if (credentials.method === 'HMAC-SHA1') {
    const { controlKey, tokenSecret } = credentials
    const key = `${percentEncode(controlKey)}&${tokenSecret ? percentEncode(tokenSecret) : ''}`
    return createHmac('sha1', key).update(baseString).digest('base64')
  }
  return rsaSign('sha256', Buffer.from(baseString), credentials.privateKey).toString('base64')
}
