import {
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import type { ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  httpsPost,
  httpsPostToFile,
  TransportError,
} from '../../../../main/platform/gateway/https-transport'
import { caught } from '../../../fixtures/caught'
import { startHttpsTestServer, type RequestHandler } from '../../../fixtures/https-test-server'

const cleanups: (() => Promise<void>)[] = []
let dir: string

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatedesk-limits-'))
})
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup()
  rmSync(dir, { recursive: true, force: true })
})

async function serve(handler: RequestHandler) {
  const server = await startHttpsTestServer(handler)
  cleanups.push(() => server.close())
  return server
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds))
const MiB = 1024 * 1024
const generous = { maxBodyBytes: 64 * MiB, deadlineMs: 60_000 }

/** Writes up to `limit` bytes in 16 KiB chunks as fast as the reader takes them, stopping if it goes. */
async function flood(response: ServerResponse, limit: number, sent: { bytes: number }) {
  const chunk = Buffer.alloc(16 * 1024, '"x",')
  while (sent.bytes < limit && !response.destroyed) {
    sent.bytes += chunk.length
    if (!response.write(chunk)) {
      // Whichever comes first; the other listener goes too, or they pile up on each wait.
      await new Promise<void>((resolve) => {
        const done = () => {
          response.off('drain', done).off('close', done)
          resolve()
        }
        response.once('drain', done).once('close', done)
      })
    }
  }
  response.end()
}

/** One byte every 50 ms, `count` times: a server that never stalls and never finishes. */
/** Writes `count` bytes 50 ms apart, counting them in `sent`, until the client goes away. */
async function drip(response: ServerResponse, count: number, sent = { bytes: 0 }) {
  response.writeHead(200, { 'Content-Type': 'text/csv' })
  for (let i = 0; i < count && !response.destroyed; i++) {
    response.write('"')
    sent.bytes++
    await sleep(50)
  }
  response.end()
}

describe('httpsPostToFile limits', () => {
  it('stops a body past maxBodyBytes, removes the file and closes the connection', async () => {
    const sent = { bytes: 0 }
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/csv' })
      void flood(response, 256 * MiB, sent)
    })
    const file = join(dir, 'report.csv')

    const error = await caught(
      () =>
        httpsPostToFile({
          url: server.url(),
          headers: {},
          body: '',
          extraCaPem: server.caPem,
          file,
          maxBodyBytes: MiB,
          deadlineMs: 60_000,
        }),
      TransportError,
    )

    expect(error.kind).toBe('too-large')
    expect(error.requestSent).toBe(true)
    expect(error.message).toContain('1 MiB')
    expect(readdirSync(dir)).toEqual([])
    // The server stops once the client has gone: it was never read to the end.
    await sleep(100)
    expect(sent.bytes).toBeLessThan(64 * MiB)
  })

  it('refuses a declared Content-Length past maxBodyBytes before reading the body', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'Content-Length': 10 * MiB })
      response.write(Buffer.alloc(1024))
    })
    const progress: number[] = []

    const error = await caught(
      () =>
        httpsPostToFile({
          url: server.url(),
          headers: {},
          body: '',
          extraCaPem: server.caPem,
          file: join(dir, 'report.csv'),
          maxBodyBytes: MiB,
          deadlineMs: 60_000,
          onProgress: ({ receivedBytes }) => progress.push(receivedBytes),
        }),
      TransportError,
    )

    expect(error.kind).toBe('too-large')
    expect(progress).toEqual([])
    expect(readdirSync(dir)).toEqual([])
  })

  it('gives up on a body that keeps trickling past the overall deadline', async () => {
    const sent = { bytes: 0 }
    const server = await serve((_request, response) => void drip(response, 200, sent))

    const error = await caught(
      () =>
        httpsPostToFile({
          url: server.url(),
          headers: {},
          body: '',
          extraCaPem: server.caPem,
          file: join(dir, 'report.csv'),
          responseTimeoutMs: 5_000,
          maxBodyBytes: MiB,
          deadlineMs: 500,
        }),
      TransportError,
    )

    expect(error.kind).toBe('deadline')
    expect(error.requestSent).toBe(true)
    expect(error.message).toContain('500 ms')
    // Given up while the body still came: an order of events, not a time.
    expect(sent.bytes).toBeLessThan(200)
    expect(readdirSync(dir)).toEqual([])
  })

  it('keeps the last KiB too, to check how the body ends', async () => {
    const body = Buffer.concat([Buffer.alloc(100_000, 'a'), Buffer.from('%%EOF\n')])
    const server = await serve((_request, response) => response.end(body))

    const saved = await httpsPostToFile({
      url: server.url(),
      headers: {},
      body: '',
      extraCaPem: server.caPem,
      file: join(dir, 'r.pdf'),
      ...generous,
    })

    expect(saved.tail.equals(body.subarray(-1024))).toBe(true)
  })
})

describe('httpsPostToFile creates its file afresh, owner-only', () => {
  const answer: RequestHandler = (_request, response) => response.end('"id"\r\n"1"\r\n')

  it('writes a new file with mode 0600', async () => {
    const server = await serve(answer)
    const file = join(dir, 'report.csv')
    await httpsPostToFile({
      url: server.url(),
      headers: {},
      body: '',
      extraCaPem: server.caPem,
      file,
      ...generous,
    })
    expect(statSync(file).mode & 0o777).toBe(0o600)
  })

  it('never follows a symlink or replaces an existing file, and sends nothing then', async () => {
    let requests = 0
    const server = await serve((request, response) => {
      requests++
      answer(request, response)
    })
    const victim = join(dir, 'victim.txt')
    writeFileSync(victim, 'precious')
    const link = join(dir, 'report.csv.part')
    symlinkSync(victim, link)
    const existing = join(dir, 'existing.csv')
    writeFileSync(existing, 'kept')

    for (const file of [link, existing]) {
      const error = await caught(
        () =>
          httpsPostToFile({
            url: server.url(),
            headers: {},
            body: '',
            extraCaPem: server.caPem,
            file,
            ...generous,
          }),
        TransportError,
      )
      expect(error.kind).toBe('file')
      expect(error.requestSent).toBe(false)
    }

    expect(readFileSync(victim, 'utf8')).toBe('precious')
    expect(lstatSync(link).isSymbolicLink()).toBe(true)
    expect(readFileSync(existing, 'utf8')).toBe('kept')
    expect(requests).toBe(0)
  })
})

describe('httpsPost deadline', () => {
  it('gives up on an answer that keeps trickling past the overall deadline', async () => {
    const sent = { bytes: 0 }
    const server = await serve((_request, response) => void drip(response, 200, sent))

    const error = await caught(
      () =>
        httpsPost({
          url: server.url(),
          headers: {},
          body: 'x',
          extraCaPem: server.caPem,
          responseTimeoutMs: 5_000,
          deadlineMs: 500,
        }),
      TransportError,
    )

    expect(error.kind).toBe('deadline')
    expect(error.requestSent).toBe(true)
    expect(sent.bytes).toBeLessThan(200)
  })
})
