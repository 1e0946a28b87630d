import type { ServerResponse } from 'node:http'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { Reply } from './reply'

/** How much of a streamed report the `truncate` fault lets through. */
const TRUNCATE_STREAM_BYTES = 16 * 1024

/** Writes a reply; with `truncate` the body stops halfway and the connection drops. */
export async function writeReply(
  response: ServerResponse,
  reply: Reply,
  truncate = false,
): Promise<void> {
  const { body } = reply
  if (Buffer.isBuffer(body)) {
    response.writeHead(reply.status, { ...reply.headers, 'Content-Length': body.length })
    if (!truncate) {
      response.end(body)
      return
    }
    response.write(body.subarray(0, Math.floor(body.length / 2)), () => response.destroy())
    return
  }
  response.writeHead(reply.status, reply.headers)
  if (truncate) return writeTruncatedStream(response, body)
  // A reader that goes away ends the pipeline early; the report generator stops with it.
  await pipeline(body, response).catch(() => undefined)
}

async function writeTruncatedStream(response: ServerResponse, body: Readable): Promise<void> {
  const head: Buffer[] = []
  let size = 0
  for await (const chunk of body as AsyncIterable<Buffer>) {
    head.push(chunk)
    size += chunk.length
    if (size >= TRUNCATE_STREAM_BYTES) break
  }
  body.destroy()
  const all = Buffer.concat(head)
  const sent = all.subarray(0, Math.min(TRUNCATE_STREAM_BYTES, Math.floor(all.length / 2)))
  response.write(sent, () => response.destroy())
}
