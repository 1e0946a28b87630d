import type { MessageParams } from '../../../preload/contract/platform/explained'
import { formatSizeLimit, formatTimeLimit } from '../../../preload/contract/platform/readable-units'

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

export class TransportError extends Error {
  override readonly name = 'TransportError'
  readonly kind: TransportErrorKind
  /**
   * True once the request may have reached the server: the caller must then treat the outcome
   * of an update as unknown rather than retry it.
   */
  readonly requestSent: boolean
  /** The message's code and values, for the window to word it (preload/contract/platform/explained.ts). */
  readonly messageCode: string | undefined
  readonly params: MessageParams

  constructor(
    kind: TransportErrorKind,
    message: string,
    options: {
      requestSent: boolean
      cause?: unknown
      messageCode?: string
      params?: MessageParams
    },
  ) {
    super(message, { cause: options.cause })
    this.kind = kind
    this.requestSent = options.requestSent
    this.messageCode = options.messageCode
    this.params = options.params ?? {}
  }
}

// Messages are for staff: say what happened to which host, then what to do about it. Callers add
// what a failure means for their operation (e.g. an update whose outcome is unknown).

export function unparsableUrl(text: string, cause: unknown): TransportError {
  const message = `"${text}" is not a valid URL. Enter the gateway's full https:// address.`
  return new TransportError('invalid-url', message, {
    requestSent: false,
    cause,
    messageCode: 'transport.invalid-url',
    params: { text },
  })
}

export function notHttpsUrl(url: URL): TransportError {
  const message = `Refusing to send to ${url.protocol}//${url.host}: the gateway must be reached over https://. Change the environment's URL to start with https://.`
  return new TransportError('invalid-url', message, {
    requestSent: false,
    messageCode: 'transport.not-https',
    params: { origin: `${url.protocol}//${url.host}` },
  })
}

export function cancelled(url: URL, requestSent: boolean): TransportError {
  return new TransportError('aborted', `The request to ${url.host} was cancelled.`, {
    requestSent,
    messageCode: 'transport.cancelled',
    params: { host: url.host },
  })
}

export function connectTimedOut(url: URL, timeoutMs: number): TransportError {
  const message = `Could not connect securely to ${url.host} within ${formatTimeLimit(timeoutMs)}. Check the URL and port in the environment, and that the gateway can be reached from this network.`
  return new TransportError('connect-timeout', message, {
    requestSent: false,
    messageCode: 'transport.connect-timeout',
    params: { host: url.host, limitMs: timeoutMs },
  })
}

export function noResponse(url: URL, timeoutMs: number): TransportError {
  const message = `${url.host} did not answer within ${formatTimeLimit(timeoutMs)}.`
  return new TransportError('response-timeout', message, {
    requestSent: true,
    messageCode: 'transport.no-response',
    params: { host: url.host, limitMs: timeoutMs },
  })
}

export function responseStalled(
  url: URL,
  timeoutMs: number,
  receivedBytes: number,
): TransportError {
  const message = `${url.host} stopped sending the response for ${formatTimeLimit(timeoutMs)}, after ${receivedBytes} bytes.`
  return new TransportError('response-timeout', message, {
    requestSent: true,
    messageCode: 'transport.stalled',
    params: { host: url.host, limitMs: timeoutMs, bytes: receivedBytes },
  })
}

export function responseTruncated(
  url: URL,
  receivedBytes: number,
  totalBytes: number | null,
  cause: unknown,
): TransportError {
  const expected = totalBytes === null ? '' : ` of ${totalBytes}`
  const message = `The response from ${url.host} was cut off after ${receivedBytes}${expected} bytes: the connection closed early.`
  return new TransportError('truncated', message, {
    requestSent: true,
    cause,
    messageCode: totalBytes === null ? 'transport.truncated' : 'transport.truncated-of',
    params: {
      host: url.host,
      bytes: receivedBytes,
      ...(totalBytes !== null && { total: totalBytes }),
    },
  })
}

export function responseTooLarge(url: URL, maxBytes: number): TransportError {
  const message = `The response from ${url.host} is larger than ${formatSizeLimit(maxBytes)}, far more than a gateway reply. Check that the environment's URL points at the gateway's API.`
  return new TransportError('too-large', message, {
    requestSent: true,
    messageCode: 'transport.too-large',
    params: { host: url.host, limitBytes: maxBytes },
  })
}

export function deadlinePassed(
  url: URL,
  deadlineMs: number,
  receivedBytes: number,
  requestSent: boolean,
): TransportError {
  const message = `${url.host} did not finish answering within ${formatTimeLimit(deadlineMs)}, the longest GateDesk waits for one request (${receivedBytes} bytes received).`
  return new TransportError('deadline', message, {
    requestSent,
    messageCode: 'transport.deadline',
    params: { host: url.host, limitMs: deadlineMs, bytes: receivedBytes },
  })
}

export function fileFailure(
  file: string,
  cause: NodeJS.ErrnoException,
  requestSent: boolean,
): TransportError {
  const inTheWay = cause.code === 'EEXIST' || cause.code === 'ELOOP'
  const why = inTheWay
    ? 'a file or link of that name is in the way; GateDesk writes only files it creates'
    : 'check that the folder exists, is writable and has free space'
  const message = `Could not save the response to ${file} (${cause.code}): ${why}.`
  return new TransportError('file', message, {
    requestSent,
    cause,
    messageCode: inTheWay ? 'transport.file-in-the-way' : 'transport.file-failed',
    params: { file, code: cause.code ?? '' },
  })
}

/** Explains a failure of the connection, or of the request before any response arrived. */
export function connectionFailure(error: unknown, url: URL, requestSent: boolean): TransportError {
  const code = errorCode(error)
  const tls = describeTlsFailure(code, url.host)
  if (tls !== undefined) {
    return new TransportError('tls', tls.message, {
      requestSent,
      cause: error,
      messageCode: `transport.tls.${tls.reason}`,
      params: { host: url.host, code },
    })
  }
  const network = describeNetworkFailure(error, code, url, requestSent)
  return new TransportError('network', network.message, {
    requestSent,
    cause: error,
    messageCode: `transport.network.${network.reason}`,
    params: { host: url.host, hostname: url.hostname, code, ...network.params },
  })
}

interface Described {
  message: string
  /** Names the message among its function's: the last part of its code. */
  reason: string
  params?: MessageParams
}

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

function describeTlsFailure(code: string, host: string): Described | undefined {
  const certificate = `The server's certificate for ${host}`
  if (UNTRUSTED_CERTIFICATE_CODES.has(code)) {
    return {
      reason: 'untrusted',
      message: `${certificate} is not trusted (${code}). If this environment uses its own CA, add that CA certificate to the environment.`,
    }
  }
  if (code === 'CERT_HAS_EXPIRED') {
    return {
      reason: 'expired',
      message: `${certificate} has expired (${code}). Ask the gateway operator to renew it, and check this computer's date and time.`,
    }
  }
  if (code === 'CERT_NOT_YET_VALID') {
    return {
      reason: 'not-yet-valid',
      message: `${certificate} is not valid yet (${code}). Check this computer's date and time.`,
    }
  }
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    return {
      reason: 'wrong-host',
      message: `${certificate} was issued for a different host name (${code}). Check that the environment's URL uses the gateway's exact host name.`,
    }
  }
  if (REJECTED_CERTIFICATE_CODES.has(code)) {
    return {
      reason: 'rejected',
      message: `${certificate} was rejected (${code}). Ask the gateway operator to check their certificate.`,
    }
  }
  if (code === 'EPROTO' || code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_')) {
    return {
      reason: 'handshake',
      message: `Could not set up a secure connection with ${host} (${code}). Check that the environment's URL points at the gateway's HTTPS address and port.`,
    }
  }
  return undefined
}

function describeNetworkFailure(
  error: unknown,
  code: string,
  url: URL,
  requestSent: boolean,
): Described {
  const { host } = url
  switch (code) {
    case 'ECONNREFUSED':
      return {
        reason: 'refused',
        message: `${host} refused the connection (${code}). Check the URL and port in the environment, and that the gateway is running.`,
      }
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return {
        reason: 'not-found',
        message: `The host name ${url.hostname} could not be found (${code}). Check the environment's URL and this computer's network connection.`,
      }
    case 'ECONNRESET':
    case 'EPIPE':
      return requestSent
        ? {
            reason: 'closed-before-response',
            message: `The connection to ${host} was closed before the response arrived (${code}).`,
          }
        : {
            reason: 'closed-before-request',
            message: `The connection to ${host} was closed before the request was sent (${code}). Try again; if it keeps happening, check the environment's URL and port.`,
          }
  }
  if (UNREACHABLE_CODES.has(code)) {
    return {
      reason: 'unreachable',
      message: `${host} could not be reached (${code}). Check this computer's network connection and any firewall or proxy.`,
    }
  }
  const detail = error instanceof Error ? error.message : String(error)
  return code
    ? {
        reason: 'other',
        message: `Could not talk to ${host} (${code}: ${detail}).`,
        params: { reason: detail },
      }
    : {
        reason: 'other-no-code',
        message: `Could not talk to ${host} (no error code: ${detail}).`,
        params: { reason: detail },
      }
}

function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : ''
}
