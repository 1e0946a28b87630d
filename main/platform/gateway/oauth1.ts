import { createHmac, randomUUID, sign as rsaSign, type KeyObject } from 'node:crypto'
import { promisify } from 'node:util'
import type { Parameter } from '../privacy/parameter'
import { percentEncode, UnencodableTextError } from './percent-encoding'

export type SignatureMethod = 'HMAC-SHA1' | 'RSA-SHA256'

export type SigningCredentials =
  | { method: 'HMAC-SHA1'; consumerKey: string; controlKey: string; tokenSecret?: string }
  | { method: 'RSA-SHA256'; consumerKey: string; privateKey: KeyObject }

/** Thrown when a request cannot be signed; the message names the part at fault. */
export class SigningError extends Error {}

/** A parameter percent-encoded once, as it travels in a form body. */
type EncodedParameter = readonly [name: string, value: string]

/** The SigningError for text that cannot be encoded, naming `what` holds it. */
function unencodable(error: unknown, what: string): unknown {
  return error instanceof UnencodableTextError
    ? new SigningError(`The ${what} ${error.message}`)
    : error
}

function encodeText(what: string, text: string): string {
  try {
    return percentEncode(text)
  } catch (error) {
    throw unencodable(error, what)
  }
}

function encodeParameter(name: string, value: string): EncodedParameter {
  try {
    return [percentEncode(name), percentEncode(value)]
  } catch (error) {
    throw unencodable(error, `parameter "${name.slice(0, 64)}"`)
  }
}

// Encoded text holds only unreserved characters and %XX, so encoding it again only turns % into %25.
const encodeAgain = (encoded: string) =>
  encoded.includes('%') ? encoded.replaceAll('%', '%25') : encoded

/**
 * A parameter as it stands in the base string (name and value encoded twice), with \u0001 in
 * place of its `=`. Encoding again keeps the order of encoded text (% is its lowest character and
 * stays first), and \u0001 sorts below every character, so plain string order of these keys is
 * the RFC 5849 §3.4.1.3.2 order (encoded name, then encoded value): the native sort, no comparator.
 */
const baseStringKey = ([name, value]: EncodedParameter) =>
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
    throw new SigningError(
      `The URL "${url}" is not a valid absolute URL (expected e.g. https://host/path)`,
    )
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
function normalizedString(keys: string[], oauthBlock = ''): string {
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

export interface SignedRequest {
  readonly oauth: Parameter[]
  readonly baseString: string
  readonly signature: string
  readonly authorization: string
  /**
   * The form body of the signed parameters, encoded exactly as they were signed, followed by
   * the oauth_* parameters when `withOauth` (the spec's example requests repeat them there).
   */
  formBody(withOauth: boolean): string
}

export interface SignOptions {
  url: string
  signedParameters: readonly Parameter[]
  credentials: SigningCredentials
  nonce: string
  timestamp: number | string
}

/** The oauth_* values of one request, percent-encoded once. */
interface EncodedOauth {
  consumerKey: string
  nonce: string
  method: SignatureMethod
  timestamp: string
}

class SignedPost implements SignedRequest {
  constructor(
    private readonly request: SignOptions,
    private readonly parameters: readonly EncodedParameter[],
    private readonly encodedOauth: EncodedOauth,
    readonly baseString: string,
    readonly signature: string,
  ) {}

  get oauth(): Parameter[] {
    const { credentials, nonce, timestamp } = this.request
    return oauthParameters({
      consumerKey: credentials.consumerKey,
      method: credentials.method,
      nonce,
      timestamp,
    })
  }

  get authorization(): string {
    const { consumerKey, method, nonce, timestamp } = this.encodedOauth
    return (
      `OAuth realm="", oauth_consumer_key="${consumerKey}", oauth_nonce="${nonce}", ` +
      `oauth_signature_method="${method}", oauth_timestamp="${timestamp}", ` +
      `oauth_version="1.0", oauth_signature="${percentEncode(this.signature)}"`
    )
  }

  formBody(withOauth: boolean): string {
    let body = ''
    for (const [name, value] of this.parameters) body += `${body ? '&' : ''}${name}=${value}`
    if (!withOauth) return body
    const { consumerKey, method, nonce, timestamp } = this.encodedOauth
    return (
      `${body ? `${body}&` : ''}oauth_consumer_key=${consumerKey}&oauth_nonce=${nonce}` +
      `&oauth_signature_method=${method}&oauth_timestamp=${timestamp}&oauth_version=1.0`
    )
  }
}

function refuseOauthName(name: string, where: string): void {
  if (name.startsWith('oauth_')) {
    throw new SigningError(
      `The ${where} "${name}" is reserved for OAuth; GateDesk adds the oauth_* parameters itself`,
    )
  }
}

/** What a POST signs: its encoded parameters, oauth_* parameters and base string. */
function unsignedPost(options: SignOptions) {
  const { credentials } = options
  const { encodedUri, queryParameters, queryKeys } = baseStringUri(options.url)
  for (const [name] of queryParameters) refuseOauthName(name, 'URL query parameter')
  const keys = queryKeys.slice()
  const parameters: EncodedParameter[] = []
  for (const [name, value] of options.signedParameters) {
    refuseOauthName(name, 'request parameter')
    const encoded = encodeParameter(name, value)
    parameters.push(encoded)
    keys.push(baseStringKey(encoded))
  }
  const oauth: EncodedOauth = {
    consumerKey: encodeText('oauth_consumer_key', credentials.consumerKey),
    nonce: encodeText('oauth_nonce', options.nonce),
    method: credentials.method,
    timestamp: encodeText('oauth_timestamp', String(options.timestamp)),
  }
  const oauthBlock =
    `oauth_consumer_key%3D${encodeAgain(oauth.consumerKey)}%26oauth_nonce%3D${encodeAgain(oauth.nonce)}` +
    `%26oauth_signature_method%3D${oauth.method}%26oauth_timestamp%3D${encodeAgain(oauth.timestamp)}` +
    '%26oauth_version%3D1.0'
  const baseString = `POST&${encodedUri}&${normalizedString(keys, oauthBlock)}`
  return { parameters, oauth, baseString }
}

/**
 * Signs one POST: `signedParameters` are the request parameters that enter the base string
 * (form body parameters; none for a JSON body), to which the oauth_* parameters are added.
 * Each value is encoded once, here; the base string, header and body are built from that.
 */
export function signRequest(options: SignOptions): SignedRequest {
  const { parameters, oauth, baseString } = unsignedPost(options)
  const signature = signBaseString(baseString, options.credentials)
  return new SignedPost(options, parameters, oauth, baseString, signature)
}

const rsaSignInPool = promisify(
  (data: Buffer, key: KeyObject, done: (error: Error | null, signature: Buffer) => void) =>
    rsaSign('sha256', data, key, done),
)

/**
 * signRequest for requests sent in numbers (bulk runs): the RSA signature, most of a request's
 * CPU time, is computed on libuv's thread pool, so the event loop (the app's IPC) stays free
 * and more cores sign at once.
 */
export async function signRequestInPool(options: SignOptions): Promise<SignedRequest> {
  const { parameters, oauth, baseString } = unsignedPost(options)
  const { credentials } = options
  const signature =
    credentials.method === 'RSA-SHA256'
      ? (await rsaSignInPool(Buffer.from(baseString), credentials.privateKey)).toString('base64')
      : signBaseString(baseString, credentials)
  return new SignedPost(options, parameters, oauth, baseString, signature)
}
