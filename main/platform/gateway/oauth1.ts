import { randomUUID, sign as rsaSign, type KeyObject } from 'node:crypto'
import { promisify } from 'node:util'
import type { MessageCode } from '../../../preload/contract/locales/explain'
import { ExplainedError, type MessageParams } from '../../../preload/contract/platform/explained'
import { english } from '../i18n/english'
import type { Parameter } from '../privacy/parameter'
import { percentEncode, UnencodableTextError } from './percent-encoding'
import * as base from './base-string'
import {
  baseStringKey,
  baseStringUri,
  BaseStringError,
  encodeAgain,
  encodeParameter,
  normalizedString,
  signBaseString,
  type EncodedParameter,
  type SignatureMethod,
  type SigningCredentials,
} from './base-string'

export { signBaseString, type SignatureMethod, type SigningCredentials } from './base-string'

/** Thrown when a request cannot be signed; the message names the part at fault. */
export class SigningError extends ExplainedError {
  constructor(code: MessageCode, params: MessageParams) {
    super(english(code, params), code, params)
  }
}

/** Runs base string work; text it cannot hold becomes a SigningError, worded for people. */
function signing<T>(work: () => T): T {
  try {
    return work()
  } catch (error) {
    if (error instanceof BaseStringError) throw new SigningError(error.messageCode, error.params)
    throw error
  }
}

function encodeText(name: string, text: string): string {
  try {
    return percentEncode(text)
  } catch (error) {
    if (!(error instanceof UnencodableTextError)) throw error
    throw new SigningError('signing.unencodable.oauth', { name })
  }
}

/** The normalized parameter string: encoded `name=value` pairs, sorted, joined with &. */
export const normalizeParameters = (parameters: readonly Parameter[]) =>
  signing(() => base.normalizeParameters(parameters))

/** The signature base string of spec §5.2 (RFC 5849 §3.4.1). `parameters` excludes oauth_signature. */
export const signatureBaseString = (
  method: string,
  url: string,
  parameters: readonly Parameter[],
) => signing(() => base.signatureBaseString(method, url, parameters))

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

function refuseOauthName(name: string, where: 'query' | 'parameter'): void {
  if (name.startsWith('oauth_')) throw new SigningError(`signing.reserved.${where}`, { name })
}

/** What a POST signs: its encoded parameters, oauth_* parameters and base string. */
const unsignedPost = (options: SignOptions) => signing(() => unsignedPostOf(options))

function unsignedPostOf(options: SignOptions) {
  const { credentials } = options
  const { encodedUri, queryParameters, queryKeys } = baseStringUri(options.url)
  for (const [name] of queryParameters) refuseOauthName(name, 'query')
  const keys = queryKeys.slice()
  const parameters: EncodedParameter[] = []
  for (const [name, value] of options.signedParameters) {
    refuseOauthName(name, 'parameter')
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
