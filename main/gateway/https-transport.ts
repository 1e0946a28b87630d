import { createWriteStream } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import type { IncomingMessage } from 'node:http'
import { Agent, request as startRequest } from 'node:https'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { rootCertificates } from 'node:tls'
import {
  cancelled,
  connectionFailure,
  connectTimedOut,
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
  signal?: AbortSignal
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
}

export type HttpsPost = typeof httpsPost
export type HttpsPostToFile = typeof httpsPostToFile

const DEFAULT_CONNECT_TIMEOUT_MS = 10_000
const DEFAULT_RESPONSE_TIMEOUT_MS = 60_000
const DEFAULT_MAX_BODY_BYTES = 1024 * 1024
const HEAD_BYTES = 64 * 1024

// One keep-alive agent per extra CA, the CA set on the agent: passing `ca` with every request
// made Node stringify the whole root list into its pool key each time (16% of CPU under load).
// Sockets verified against one environment's CA are never handed to a request for another.
const agents = new Map<string, Agent>()

function agentFor(extraCaPem: string | undefined): Agent {
  const key = extraCaPem ?? ''
  let agent = agents.get(key)
  if (!agent) {
    agent = new Agent({
      keepAlive: true,
      ...(extraCaPem ? { ca: [...rootCertificates, extraCaPem] } : {}),
    })
    agents.set(key, agent)
  }
  return agent
}

/** POSTs and keeps the response body in memory: for form replies, which are small. */
export async function httpsPost(
  request: HttpsPostRequest & { maxBodyBytes?: number },
): Promise<HttpsResponse> {
  const maxBodyBytes = request.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES
  return exchange(request, maxBodyBytes, async (response, meteredBody) => {
    const chunks: Buffer[] = []
    await pipeline(response, meteredBody, async (body: AsyncIterable<Buffer>) => {
      for await (const chunk of body) chunks.push(chunk)
    })
    return { ...describeHead(response), body: Buffer.concat(chunks) }
  })
}

/**
 * POSTs and streams the response body, whatever its status, to `file`. The body goes to
 * `file.part` first, so `file` only ever appears complete.
 */
export async function httpsPostToFile(
  request: HttpsPostRequest & { file: string },
): Promise<SavedHttpsResponse> {
  const { file } = request
  const partFile = `${file}.part`
  return exchange(request, Infinity, async (response, meteredBody) => {
    const firstBytes = copyHead(HEAD_BYTES)
    const output = createWriteStream(partFile)
    try {
      await pipeline(response, meteredBody, firstBytes.stage, output)
      await rename(partFile, file)
    } catch (error) {
      // The original failure matters more to staff than a .part file that could not be removed.
      await rm(partFile, { force: true }).catch(() => undefined)
      throw isFileSystemError(error) ? fileFailure(file, error) : error
    }
    return { ...describeHead(response), file, bytes: output.bytesWritten, head: firstBytes.copy() }
  })
}

type BodyReceiver<T> = (response: IncomingMessage, meteredBody: Transform) => Promise<T>

/**
 * Sends the request and hands the response to `receive`, which must pipe the response through
 * `meteredBody`. Settles once, after `receive` has cleaned up, with every timer and listener gone.
 */
function exchange<T>(
  request: HttpsPostRequest,
  maxBodyBytes: number,
  receive: BodyReceiver<T>,
): Promise<T> {
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

    const startTimer = (milliseconds: number, timeoutError: () => TransportError) => {
      clearTimeout(timer)
      timer = setTimeout(() => fail(timeoutError()), milliseconds)
    }
    const stopWatching = () => {
      clearTimeout(timer)
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

/** A pipeline stage that passes bytes through and keeps a copy of the first `limit` of them. */
function copyHead(limit: number) {
  const chunks: Buffer[] = []
  let copied = 0
  async function* stage(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    for await (const chunk of source) {
      if (copied < limit) {
        const part = chunk.subarray(0, limit - copied)
        chunks.push(part)
        copied += part.length
      }
      yield chunk
    }
  }
  return { stage, copy: () => Buffer.concat(chunks) }
}
