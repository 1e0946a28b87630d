import { constants } from 'node:fs'
import { open, rm, type FileHandle } from 'node:fs/promises'
import type { IncomingMessage } from 'node:http'
import { Agent, request as startRequest } from 'node:https'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createSecureContext, rootCertificates } from 'node:tls'
import {
  cancelled,
  connectionFailure,
  connectTimedOut,
  deadlinePassed,
  fileFailure,
  noResponse,
  notHttpsUrl,
  responseStalled,
  responseTooLarge,
  responseTruncated,
  TransportError,
  unparsableUrl,
} from './transport-error'

export { TransportError, type TransportErrorKind } from './transport-error'

export interface HttpsPostRequest {
  url: string
  headers: Record<string, string>
  body: string | Buffer
  /** The environment's own CA certificate, trusted in addition to the system roots. */
  extraCaPem?: string
  /** Until the TLS connection is established. */
  connectTimeoutMs?: number
  /** For the response headers once the request is sent, and for each gap between body chunks. */
  responseTimeoutMs?: number
  /** For the whole exchange, connecting to the last byte: a server that trickles is cut off. */
  deadlineMs?: number
  signal?: AbortSignal
  /** Once TLS is up and the request is on its way: from then on the wait is for the answer. */
  onConnected?: () => void
  /** `totalBytes` is the Content-Length, when the server sends one. */
  onProgress?: (progress: { receivedBytes: number; totalBytes: number | null }) => void
}

export interface HttpsResponseHead {
  status: number
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>
  /** '' when the server sent none. */
  contentType: string
}

export interface HttpsResponse extends HttpsResponseHead {
  body: Buffer
}

export interface SavedHttpsResponse extends HttpsResponseHead {
  file: string
  bytes: number
  /** The first bytes of the file (at most 64 KiB), to sniff what the server sent. */
  head: Buffer
  /** The last bytes of the file (at most 1 KiB), to check that it ends as its kind must. */
  tail: Buffer
}

export type HttpsPost = typeof httpsPost
export type HttpsPostToFile = typeof httpsPostToFile

const DEFAULT_CONNECT_TIMEOUT_MS = 10_000
const DEFAULT_RESPONSE_TIMEOUT_MS = 60_000
const DEFAULT_MAX_BODY_BYTES = 1024 * 1024
/** Form replies are small: two minutes is far more than a gateway needs for one. */
const DEFAULT_DEADLINE_MS = 120_000
/** What a download may take unless its caller says: far beyond any report staff read. */
export const DEFAULT_DOWNLOAD_LIMITS = { maxBodyBytes: 2 * 1024 ** 3, deadlineMs: 30 * 60_000 }
const HEAD_BYTES = 64 * 1024
const TAIL_BYTES = 1024
/** Never an existing file, never through a symlink (O_NOFOLLOW is 0 where the OS has none). */
const NEW_FILE_FLAGS =
  constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0)
const NEW_FILE_MODE = 0o600

// One keep-alive agent per extra CA, its trust in a secure context made once: Node builds each
// request's pool key from the agent's options, and a `ca` list there (the roots and the extra CA,
// about 180 KB) was stringified into it several times per request (18% of CPU under load).
// Sockets verified against one environment's CA are never handed to a request for another.
const agents = new Map<string, Agent>()

function agentFor(extraCaPem: string | undefined): Agent {
  const key = extraCaPem ?? ''
  let agent = agents.get(key)
  if (!agent) {
    agent = new Agent({
      keepAlive: true,
      ...(extraCaPem
        ? { secureContext: createSecureContext({ ca: [...rootCertificates, extraCaPem] }) }
        : {}),
    })
    agents.set(key, agent)
  }
  return agent
}

/** POSTs and keeps the response body in memory: for form replies, which are small. */
export async function httpsPost(
  request: HttpsPostRequest & { maxBodyBytes?: number },
): Promise<HttpsResponse> {
  const limits = {
    maxBodyBytes: request.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    deadlineMs: request.deadlineMs ?? DEFAULT_DEADLINE_MS,
  }
  return exchange(request, limits, async (response, meteredBody) => {
    const chunks: Buffer[] = []
    await pipeline(response, meteredBody, async (body: AsyncIterable<Buffer>) => {
      for await (const chunk of body) chunks.push(chunk)
    })
    return { ...describeHead(response), body: Buffer.concat(chunks) }
  })
}

/**
 * POSTs and streams the response body, whatever its status, to `file`, which it creates (mode
 * 0600, never over an existing file or through a symlink) before anything is sent, and removes
 * again if the exchange fails.
 */
export async function httpsPostToFile(
  request: HttpsPostRequest & { file: string; maxBodyBytes?: number },
): Promise<SavedHttpsResponse> {
  const { file } = request
  const limits = {
    maxBodyBytes: request.maxBodyBytes ?? DEFAULT_DOWNLOAD_LIMITS.maxBodyBytes,
    deadlineMs: request.deadlineMs ?? DEFAULT_DOWNLOAD_LIMITS.deadlineMs,
  }
  let output: FileHandle
  try {
    output = await open(file, NEW_FILE_FLAGS, NEW_FILE_MODE)
  } catch (error) {
    throw isFileSystemError(error) ? fileFailure(file, error, false) : error
  }
  try {
    return await exchange(request, limits, async (response, meteredBody) => {
      const ends = copyEnds(HEAD_BYTES, TAIL_BYTES)
      const stream = output.createWriteStream()
      await pipeline(response, meteredBody, ends.stage, stream)
      return { ...describeHead(response), file, bytes: stream.bytesWritten, ...ends.copies() }
    })
  } catch (error) {
    // The original failure matters more to staff than a file that could not be removed.
    await output.close().catch(() => undefined)
    await rm(file, { force: true }).catch(() => undefined)
    throw isFileSystemError(error) ? fileFailure(file, error, true) : error
  }
}

type BodyReceiver<T> = (response: IncomingMessage, meteredBody: Transform) => Promise<T>

/**
 * Sends the request and hands the response to `receive`, which must pipe the response through
 * `meteredBody`. Settles once, after `receive` has cleaned up, with every timer and listener gone.
 */
function exchange<T>(
  request: HttpsPostRequest,
  limits: { maxBodyBytes: number; deadlineMs: number },
  receive: BodyReceiver<T>,
): Promise<T> {
  const { maxBodyBytes, deadlineMs } = limits
  const url = parseHttpsUrl(request.url)
  const { signal, onProgress } = request
  const connectTimeoutMs = request.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS
  const responseTimeoutMs = request.responseTimeoutMs ?? DEFAULT_RESPONSE_TIMEOUT_MS

  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(cancelled(url, false))
      return
    }
    let requestSent = false
    let meteredBody: Transform | undefined
    let receivedBytes = 0
    let totalBytes: number | null = null
    let bodyReceived = false
    let failure: TransportError | undefined
    let timer: NodeJS.Timeout | undefined
    const deadline = setTimeout(
      () => fail(deadlinePassed(url, deadlineMs, receivedBytes, requestSent)),
      deadlineMs,
    )

    const startTimer = (milliseconds: number, timeoutError: () => TransportError) => {
      clearTimeout(timer)
      timer = setTimeout(() => fail(timeoutError()), milliseconds)
    }
    const stopWatching = () => {
      clearTimeout(timer)
      clearTimeout(deadline)
      signal?.removeEventListener('abort', onAbort)
    }
    const fail = (error: TransportError) => {
      if (failure !== undefined || bodyReceived) return
      failure = error
      stopWatching()
      client.destroy()
      // Once `receive` owns the body, it must clean up (a .part file) before the caller hears.
      if (meteredBody === undefined) reject(error)
      else meteredBody.destroy()
    }
    const onAbort = () => fail(cancelled(url, requestSent))
    const onConnected = () => {
      requestSent = true
      request.onConnected?.()
      // Node writes the buffered request as soon as TLS is up, so the wait for an answer starts now.
      startTimer(responseTimeoutMs, () => noResponse(url, responseTimeoutMs))
    }
    const onStalled = () => responseStalled(url, responseTimeoutMs, receivedBytes)
    const truncated = (cause: unknown) => responseTruncated(url, receivedBytes, totalBytes, cause)

    const client = startRequest(url, {
      method: 'POST',
      headers: request.headers,
      agent: agentFor(request.extraCaPem),
    })
    signal?.addEventListener('abort', onAbort, { once: true })
    startTimer(connectTimeoutMs, () => connectTimedOut(url, connectTimeoutMs))

    client.once('socket', (socket) => {
      if (client.reusedSocket) onConnected()
      else socket.once('secureConnect', onConnected)
    })
    client.on('error', (error) => {
      fail(
        meteredBody === undefined ? connectionFailure(error, url, requestSent) : truncated(error),
      )
    })
    client.once('response', (response) => {
      totalBytes = declaredLength(response)
      // A body declared too large is refused before any of it is read or written.
      if (totalBytes !== null && totalBytes > maxBodyBytes) {
        fail(responseTooLarge(url, maxBodyBytes))
        return
      }
      startTimer(responseTimeoutMs, onStalled)
      meteredBody = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          receivedBytes += chunk.length
          if (receivedBytes > maxBodyBytes) {
            callback(responseTooLarge(url, maxBodyBytes))
            return
          }
          startTimer(responseTimeoutMs, onStalled)
          onProgress?.({ receivedBytes, totalBytes })
          callback(null, chunk)
        },
        flush(callback) {
          bodyReceived = true
          stopWatching()
          callback()
        },
      })
      receive(response, meteredBody).then(resolve, (error: unknown) => {
        stopWatching()
        client.destroy()
        reject(failure ?? (error instanceof TransportError ? error : truncated(error)))
      })
    })
    client.end(request.body)
  })
}

function parseHttpsUrl(text: string): URL {
  let url: URL
  try {
    url = new URL(text)
  } catch (error) {
    throw unparsableUrl(text, error)
  }
  if (url.protocol !== 'https:') throw notHttpsUrl(url)
  return url
}

function describeHead(response: IncomingMessage): HttpsResponseHead {
  const headers: Record<string, string> = {}
  for (const [name, values] of Object.entries(response.headersDistinct)) {
    if (values !== undefined) headers[name] = values.join(', ')
  }
  return { status: response.statusCode ?? 0, headers, contentType: headers['content-type'] ?? '' }
}

function declaredLength(response: IncomingMessage): number | null {
  const value = response.headers['content-length']
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : null
}

/** Only the file system reports a syscall: a response that stops early fails without one. */
function isFileSystemError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === 'string'
}

/** A pipeline stage that passes bytes through and keeps copies of the first and last bytes. */
function copyEnds(headLimit: number, tailLimit: number) {
  const head: Buffer[] = []
  let copied = 0
  let tail = Buffer.alloc(0)
  async function* stage(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    for await (const chunk of source) {
      if (copied < headLimit) {
        const part = chunk.subarray(0, headLimit - copied)
        head.push(part)
        copied += part.length
      }
      tail = Buffer.concat([tail, chunk.subarray(-tailLimit)]).subarray(-tailLimit)
      yield chunk
    }
  }
  return { stage, copies: () => ({ head: Buffer.concat(head), tail: Buffer.from(tail) }) }
}
