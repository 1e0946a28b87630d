import type { MessageParams } from '../../../preload/contract/platform/explained'
import type { MessageCode } from '../../../preload/contract/locales/explain'
import type { MessageSchema } from '../../../preload/contract/locales/en'
import { english } from '../i18n/english'

export type TransportErrorKind =
  | 'invalid-url'
  | 'connect-timeout'
  | 'response-timeout'
  | 'aborted'
  | 'tls'
  | 'network'
  | 'truncated'
  | 'too-large'
  | 'deadline'
  | 'file'

/** A failure of the transport; its English is the catalog's text for `messageCode` (main.transport.*). */
export class TransportError extends Error {
  override readonly name = 'TransportError'
  readonly kind: TransportErrorKind
  /**
   * True once the request may have reached the server: the caller must then treat the outcome
   * of an update as unknown rather than retry it.
   */
  readonly requestSent: boolean
  /** The message's code and values, for the window to word it (preload/contract/platform/explained.ts). */
  readonly messageCode: MessageCode
  readonly params: MessageParams

  constructor(
    kind: TransportErrorKind,
    messageCode: MessageCode,
    options: { requestSent: boolean; cause?: unknown; params: MessageParams },
  ) {
    super(english(messageCode, options.params), { cause: options.cause })
    this.kind = kind
    this.requestSent = options.requestSent
    this.messageCode = messageCode
    this.params = options.params
  }
}

// Messages (main.transport.*) are for staff: say what happened to which host, then what to do
// about it. Callers add what a failure means for their operation (e.g. an update whose outcome
// is unknown).

export function unparsableUrl(text: string, cause: unknown): TransportError {
  return new TransportError('invalid-url', 'transport.invalid-url', {
    requestSent: false,
    cause,
    params: { text },
  })
}

export function notHttpsUrl(url: URL): TransportError {
  return new TransportError('invalid-url', 'transport.not-https', {
    requestSent: false,
    params: { origin: `${url.protocol}//${url.host}` },
  })
}

export function cancelled(url: URL, requestSent: boolean): TransportError {
  return new TransportError('aborted', 'transport.cancelled', {
    requestSent,
    params: { host: url.host },
  })
}

export function connectTimedOut(url: URL, timeoutMs: number): TransportError {
  return new TransportError('connect-timeout', 'transport.connect-timeout', {
    requestSent: false,
    params: { host: url.host, limitMs: timeoutMs },
  })
}

export function noResponse(url: URL, timeoutMs: number): TransportError {
  return new TransportError('response-timeout', 'transport.no-response', {
    requestSent: true,
    params: { host: url.host, limitMs: timeoutMs },
  })
}

export function responseStalled(
  url: URL,
  timeoutMs: number,
  receivedBytes: number,
): TransportError {
  return new TransportError('response-timeout', 'transport.stalled', {
    requestSent: true,
    params: { host: url.host, limitMs: timeoutMs, bytes: receivedBytes },
  })
}

export function responseTruncated(
  url: URL,
  receivedBytes: number,
  totalBytes: number | null,
  cause: unknown,
): TransportError {
  const code = totalBytes === null ? 'transport.truncated' : 'transport.truncated-of'
  return new TransportError('truncated', code, {
    requestSent: true,
    cause,
    params: {
      host: url.host,
      bytes: receivedBytes,
      ...(totalBytes !== null && { total: totalBytes }),
    },
  })
}

export function responseTooLarge(url: URL, maxBytes: number): TransportError {
  return new TransportError('too-large', 'transport.too-large', {
    requestSent: true,
    params: { host: url.host, limitBytes: maxBytes },
  })
}

export function deadlinePassed(
  url: URL,
  deadlineMs: number,
  receivedBytes: number,
  requestSent: boolean,
): TransportError {
  return new TransportError('deadline', 'transport.deadline', {
    requestSent,
    params: { host: url.host, limitMs: deadlineMs, bytes: receivedBytes },
  })
}

export function fileFailure(
  file: string,
  cause: NodeJS.ErrnoException,
  requestSent: boolean,
): TransportError {
  // A file or link of that name in the way: GateDesk writes only files it creates.
  const inTheWay = cause.code === 'EEXIST' || cause.code === 'ELOOP'
  return new TransportError(
    'file',
    inTheWay ? 'transport.file-in-the-way' : 'transport.file-failed',
    {
      requestSent,
      cause,
      params: { file, code: cause.code ?? '' },
    },
  )
}

/** Explains a failure of the connection, or of the request before any response arrived. */
export function connectionFailure(error: unknown, url: URL, requestSent: boolean): TransportError {
  const code = errorCode(error)
  const tls = tlsFailure(code)
  if (tls !== undefined) {
    return new TransportError('tls', `transport.tls.${tls}`, {
      requestSent,
      cause: error,
      params: { host: url.host, code },
    })
  }
  const network = networkFailure(error, code, requestSent)
  return new TransportError('network', `transport.network.${network.reason}`, {
    requestSent,
    cause: error,
    params: { host: url.host, hostname: url.hostname, code, ...network.params },
  })
}

type TlsFailure = keyof MessageSchema['main']['transport']['tls']
type NetworkFailure = keyof MessageSchema['main']['transport']['network']

const UNTRUSTED_CERTIFICATE_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
])

// OpenSSL's other certificate verification results, as Node names them.
const REJECTED_CERTIFICATE_CODES = new Set([
  'CERT_REVOKED',
  'CERT_REJECTED',
  'CERT_SIGNATURE_FAILURE',
  'CERT_CHAIN_TOO_LONG',
  'INVALID_CA',
  'INVALID_PURPOSE',
  'PATH_LENGTH_EXCEEDED',
  'UNABLE_TO_DECRYPT_CERT_SIGNATURE',
  'UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY',
  'ERROR_IN_CERT_NOT_BEFORE_FIELD',
  'ERROR_IN_CERT_NOT_AFTER_FIELD',
])

const UNREACHABLE_CODES = new Set(['ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENETDOWN'])

function tlsFailure(code: string): TlsFailure | undefined {
  if (UNTRUSTED_CERTIFICATE_CODES.has(code)) return 'untrusted'
  if (code === 'CERT_HAS_EXPIRED') return 'expired'
  if (code === 'CERT_NOT_YET_VALID') return 'not-yet-valid'
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') return 'wrong-host'
  if (REJECTED_CERTIFICATE_CODES.has(code)) return 'rejected'
  if (code === 'EPROTO' || code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_')) {
    return 'handshake'
  }
  return undefined
}

function networkFailure(
  error: unknown,
  code: string,
  requestSent: boolean,
): { reason: NetworkFailure; params?: MessageParams } {
  switch (code) {
    case 'ECONNREFUSED':
      return { reason: 'refused' }
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return { reason: 'not-found' }
    case 'ECONNRESET':
    case 'EPIPE':
      return { reason: requestSent ? 'closed-before-response' : 'closed-before-request' }
  }
  if (UNREACHABLE_CODES.has(code)) return { reason: 'unreachable' }
  const reason = error instanceof Error ? error.message : String(error)
  return { reason: code ? 'other' : 'other-no-code', params: { reason } }
}

function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : ''
}
