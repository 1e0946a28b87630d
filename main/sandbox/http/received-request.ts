import type { IncomingMessage } from 'node:http'

/** A request as the endpoints see it: read whole (within a limit), with what signing needs. */
export interface ReceivedRequest {
  method: string
  /** https://host:port/path?query, as the client addressed it (it signed this URL). */
  url: string
  pathname: string
  /** Lower-case media type without parameters; '' when absent. */
  mediaType: string
  authorization: string | undefined
  /** null when the body was larger than the limit. */
  body: Buffer | null
}

const MAX_BODY_BYTES = 1024 * 1024

/** Reads a request's body, stopping at the limit. */
export async function receiveRequest(
  request: IncomingMessage,
  fallbackHost: string,
): Promise<ReceivedRequest> {
  const url = new URL(request.url ?? '/', `https://${request.headers.host ?? fallbackHost}`)
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size <= MAX_BODY_BYTES) chunks.push(chunk)
  }
  return {
    method: request.method ?? 'GET',
    url: url.href,
    pathname: url.pathname,
    mediaType: (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase(),
    authorization: request.headers.authorization,
    body: size <= MAX_BODY_BYTES ? Buffer.concat(chunks) : null,
  }
}
