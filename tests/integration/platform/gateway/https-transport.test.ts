import { createHash, randomBytes, X509Certificate } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  httpsPost,
  httpsPostToFile,
  TransportError,
} from '../../../../main/platform/gateway/https-transport'
import {
  createLoopbackCertificate,
  type TlsCredentials,
} from '../../../../main/sandbox/http/tls-certificate'
import { startHttpsTestServer, type RequestHandler } from '../../../fixtures/https-test-server'

const credentials = createLoopbackCertificate()
const cleanups: (() => Promise<void> | void)[] = []
let dir: string

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatedesk-https-'))
})

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup()
  rmSync(dir, { recursive: true, force: true })
})

async function serve(handler: RequestHandler, serverCredentials: TlsCredentials = credentials) {
  const server = await startHttpsTestServer(handler, serverCredentials)
  cleanups.push(() => server.close())
  return server
}

/** A TCP server that accepts connections and never says anything: no TLS handshake, no HTTP. */
async function silentTcpServer() {
  const sockets = new Set<Socket>()
  const server = createTcpServer((socket) => sockets.add(socket))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  cleanups.push(async () => {
    for (const socket of sockets) socket.destroy()
    await new Promise((resolve) => server.close(resolve))
  })
  return { port: (server.address() as AddressInfo).port, connections: () => sockets.size }
}

/** A loopback port that nothing listens on. */
async function closedPort() {
  const server = createTcpServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

async function failureOf(promise: Promise<unknown>): Promise<TransportError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the request to fail')
    },
    (error: unknown) => error,
  )
  expect(error).toBeInstanceOf(TransportError)
  return error as TransportError
}

const countingRequests = (handler: RequestHandler) => {
  const seen: string[] = []
  const counted: RequestHandler = (request, response) => {
    seen.push(request.url ?? '')
    handler(request, response)
  }
  return { handler: counted, seen }
}

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString()
}

const neverAnswer: RequestHandler = () => {}

/** Sends `chunks` one by one, waiting for the socket to drain, then ends the response. */
async function writeChunks(response: ServerResponse, chunks: Buffer[]) {
  for (const chunk of chunks) {
    if (!response.write(chunk)) await new Promise((resolve) => response.once('drain', resolve))
  }
  response.end()
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex')
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds))

describe('httpsPost', () => {
  it('sends the body and headers and returns the status, headers and body', async () => {
    const server = await serve(async (request, response) => {
      const echo = {
        method: request.method,
        path: request.url,
        contentType: request.headers['content-type'],
        authorization: request.headers.authorization,
        body: await readBody(request),
      }
      response.writeHead(201, {
        'Content-Type': 'application/json; charset=utf-8',
        'X-Request-Id': 'req-42',
        'Set-Cookie': ['a=1', 'b=2'],
      })
      response.end(JSON.stringify(echo))
    })

    const response = await httpsPost({
      url: server.url('/recurring/update?version=2'),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: 'OAuth x' },
      body: 'amount=10.00&currency=EUR',
      extraCaPem: server.caPem,
    })

    expect(response.status).toBe(201)
    expect(response.contentType).toBe('application/json; charset=utf-8')
    expect(response.headers['x-request-id']).toBe('req-42')
    expect(response.headers['set-cookie']).toBe('a=1, b=2')
    expect(JSON.parse(response.body.toString())).toEqual({
      method: 'POST',
      path: '/recurring/update?version=2',
      contentType: 'application/x-www-form-urlencoded',
      authorization: 'OAuth x',
      body: 'amount=10.00&currency=EUR',
    })
  })

  it('trusts the loopback certificate for localhost too', async () => {
    const server = await serve((_request, response) => response.end('ok'))
    const response = await httpsPost({
      url: server.url().replace('127.0.0.1', 'localhost'),
      headers: {},
      body: '',
      extraCaPem: server.caPem,
    })
    expect(response.body.toString()).toBe('ok')
  })

  it('reuses a keep-alive connection, which counts as connected at once', async () => {
    // Answers after the connect timeout: a reused socket never emits secureConnect again, so
    // waiting for it would turn the second request into a connect timeout.
    const server = await serve((_request, response) => {
      setTimeout(() => response.end('late'), 500)
    })
    const request = { url: server.url(), headers: {}, body: 'x', extraCaPem: server.caPem }

    await httpsPost({ ...request, connectTimeoutMs: 300 })
    const second = await httpsPost({ ...request, connectTimeoutMs: 300 })

    expect(second.body.toString()).toBe('late')
    expect(server.connections()).toBe(1)
  })

  it('refuses a server whose CA was not added, before sending anything', async () => {
    const { handler, seen } = countingRequests((_request, response) => response.end('ok'))
    const server = await serve(handler)
    // A pooled connection verified with the extra CA must not serve a request made without it.
    await httpsPost({
      url: server.url('/trusted'),
      headers: {},
      body: '',
      extraCaPem: server.caPem,
    })

    const error = await failureOf(
      httpsPost({ url: server.url('/untrusted'), headers: {}, body: 'secret=1' }),
    )

    expect(error.kind).toBe('tls')
    expect(error.requestSent).toBe(false)
    expect(error.message).toContain(new URL(server.url()).host)
    expect(error.message).toContain('add that CA certificate to the environment')
    expect(seen).toEqual(['/trusted'])
  })

  it('refuses a trusted certificate issued for another host name', async () => {
    const otherHost = createLoopbackCertificate({ hostNames: ['gateway.example.test'] })
    const { handler, seen } = countingRequests((_request, response) => response.end('ok'))
    const server = await serve(handler, otherHost)

    const error = await failureOf(
      httpsPost({ url: server.url(), headers: {}, body: '', extraCaPem: server.caPem }),
    )

    expect(error.kind).toBe('tls')
    expect(error.message).toContain('ERR_TLS_CERT_ALTNAME_INVALID')
    expect(error.message).toContain('different host name')
    expect(seen).toEqual([])
  })

  it('rejects http:// and unparsable URLs without touching the network', async () => {
    const listener = await silentTcpServer()

    const plain = await failureOf(
      httpsPost({ url: `http://127.0.0.1:${listener.port}/`, headers: {}, body: '' }),
    )
    const garbage = await failureOf(httpsPost({ url: 'gateway:8443/api', headers: {}, body: '' }))
    const relative = await failureOf(httpsPost({ url: '/api/update', headers: {}, body: '' }))

    expect([plain.kind, garbage.kind, relative.kind]).toEqual([
      'invalid-url',
      'invalid-url',
      'invalid-url',
    ])
    expect(plain.message).toContain('https://')
    expect(plain.requestSent).toBe(false)
    expect(relative.message).toContain('not a valid URL')
    await sleep(50)
    expect(listener.connections()).toBe(0)
  })

  it('times out a server that accepts TCP but never completes the TLS handshake', async () => {
    const listener = await silentTcpServer()

    const error = await failureOf(
      httpsPost({
        url: `https://127.0.0.1:${listener.port}/`,
        headers: {},
        body: '',
        connectTimeoutMs: 300,
      }),
    )

    expect(error.kind).toBe('connect-timeout')
    expect(error.requestSent).toBe(false)
    expect(error.message).toContain('300 ms')
    expect(listener.connections()).toBe(1)
  })

  it('times out waiting for a response once the request was sent', async () => {
    const { handler, seen } = countingRequests(neverAnswer)
    const server = await serve(handler)

    const error = await failureOf(
      httpsPost({
        url: server.url(),
        headers: {},
        body: 'x',
        extraCaPem: server.caPem,
        responseTimeoutMs: 300,
      }),
    )

    expect(error.kind).toBe('response-timeout')
    expect(error.requestSent).toBe(true)
    expect(seen).toHaveLength(1)
  })

  it('reports a refused connection as a network error with nothing sent', async () => {
    const port = await closedPort()

    const error = await failureOf(
      httpsPost({ url: `https://127.0.0.1:${port}/`, headers: {}, body: '' }),
    )

    expect(error.kind).toBe('network')
    expect(error.requestSent).toBe(false)
    expect(error.message).toContain('ECONNREFUSED')
  })

  it('fails with too-large past maxBodyBytes', async () => {
    const server = await serve((_request, response) => response.end(Buffer.alloc(2048, 'a')))

    const request = { url: server.url(), headers: {}, body: '', extraCaPem: server.caPem }
    const error = await failureOf(httpsPost({ ...request, maxBodyBytes: 1024 }))
    const fits = await httpsPost({ ...request, maxBodyBytes: 2048 })

    expect(error.kind).toBe('too-large')
    expect(error.requestSent).toBe(true)
    expect(error.message).toContain('1 KiB')
    expect(fits.body).toHaveLength(2048)
  })

  it('reports a body cut short of its Content-Length as truncated', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'Content-Length': 100_000 })
      response.write(Buffer.alloc(40_000), () => response.socket?.destroy())
    })

    const error = await failureOf(
      httpsPost({ url: server.url(), headers: {}, body: '', extraCaPem: server.caPem }),
    )

    expect(error.kind).toBe('truncated')
    expect(error.requestSent).toBe(true)
    expect(error.message).toContain('of 100000 bytes')
  })
})

describe('httpsPostToFile', () => {
  it('streams a multi-megabyte body to the file byte for byte, reporting progress', async () => {
    const total = 8 * 1024 * 1024
    const content = randomBytes(total)
    const server = await serve(async (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/csv', 'Content-Length': total })
      const chunks = []
      for (let offset = 0; offset < total; offset += 100_000) {
        chunks.push(content.subarray(offset, offset + 100_000))
      }
      await writeChunks(response, chunks)
    })
    const file = join(dir, 'report.csv')
    const progress: { receivedBytes: number; totalBytes: number | null }[] = []

    const saved = await httpsPostToFile({
      url: server.url('/report'),
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
      extraCaPem: server.caPem,
      file,
      onProgress: (update) => progress.push(update),
    })

    expect(saved).toMatchObject({ status: 200, contentType: 'text/csv', file, bytes: total })
    expect(sha256(readFileSync(file))).toBe(sha256(content))
    expect(saved.head.equals(content.subarray(0, 64 * 1024))).toBe(true)
    expect(readdirSync(dir)).toEqual(['report.csv'])
    expect(progress.length).toBeGreaterThan(3)
    const received = progress.map((update) => update.receivedBytes)
    expect(received).toEqual([...received].sort((a, b) => a - b))
    expect(new Set(received).size).toBe(received.length)
    expect(received.at(-1)).toBe(total)
    expect(progress.every((update) => update.totalBytes === total)).toBe(true)
  })

  it('saves the body of an error status too, for the caller to classify', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(500, { 'Content-Type': 'text/html' })
      response.end('<h1>Internal error</h1>')
    })
    const file = join(dir, 'report.csv')

    const saved = await httpsPostToFile({
      url: server.url(),
      headers: {},
      body: '',
      extraCaPem: server.caPem,
      file,
    })

    expect(saved).toMatchObject({ status: 500, contentType: 'text/html', bytes: 23 })
    expect(saved.head.toString()).toBe('<h1>Internal error</h1>')
    expect(readFileSync(file, 'utf8')).toBe('<h1>Internal error</h1>')
  })

  it('times out a body that stalls, but not one that keeps flowing for longer', async () => {
    const stalls = await serve((_request, response) => {
      response.writeHead(200, { 'Content-Length': 1000 })
      response.write(Buffer.alloc(100))
    })
    const trickles = await serve(async (_request, response) => {
      response.writeHead(200, { 'Content-Length': 1000 })
      for (let chunk = 0; chunk < 10; chunk++) {
        await sleep(100)
        response.write(Buffer.alloc(100, chunk))
      }
      response.end()
    })
    const progress: number[] = []
    const request = {
      headers: {},
      body: '',
      responseTimeoutMs: 400,
      onProgress: ({ receivedBytes }: { receivedBytes: number }) => progress.push(receivedBytes),
    }

    const error = await failureOf(
      httpsPostToFile({
        ...request,
        url: stalls.url(),
        extraCaPem: stalls.caPem,
        file: join(dir, 'a'),
      }),
    )
    expect(error.kind).toBe('response-timeout')
    expect(error.message).toContain('stopped sending')
    expect(progress).toEqual([100])
    expect(readdirSync(dir)).toEqual([])

    const started = Date.now()
    const saved = await httpsPostToFile({
      ...request,
      url: trickles.url(),
      extraCaPem: trickles.caPem,
      file: join(dir, 'b'),
    })
    expect(Date.now() - started).toBeGreaterThan(400)
    expect(saved.bytes).toBe(1000)
    expect(readFileSync(join(dir, 'b'))[999]).toBe(9)
  })

  it('stops on abort mid-download and leaves no file behind', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'Content-Length': 10 * 1024 * 1024 })
      response.write(Buffer.alloc(64 * 1024))
    })
    const controller = new AbortController()
    const file = join(dir, 'report.csv')

    const error = await failureOf(
      httpsPostToFile({
        url: server.url(),
        headers: {},
        body: '',
        extraCaPem: server.caPem,
        file,
        signal: controller.signal,
        onProgress: () => controller.abort(),
      }),
    )

    expect(error.kind).toBe('aborted')
    expect(error.requestSent).toBe(true)
    expect(readdirSync(dir)).toEqual([])
  })

  it('does not connect at all when already aborted', async () => {
    const { handler, seen } = countingRequests((_request, response) => response.end('ok'))
    const server = await serve(handler)

    const error = await failureOf(
      httpsPostToFile({
        url: server.url(),
        headers: {},
        body: '',
        extraCaPem: server.caPem,
        file: join(dir, 'report.csv'),
        signal: AbortSignal.abort(),
      }),
    )

    expect(error.kind).toBe('aborted')
    expect(error.requestSent).toBe(false)
    await sleep(50)
    expect(seen).toEqual([])
    expect(server.connections()).toBe(0)
  })

  it('reports a cut-off body as truncated and leaves no file behind', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'Content-Length': 1_000_000 })
      response.write(Buffer.alloc(300_000), () => response.socket?.destroy())
    })
    const file = join(dir, 'report.csv')

    const error = await failureOf(
      httpsPostToFile({ url: server.url(), headers: {}, body: '', extraCaPem: server.caPem, file }),
    )

    expect(error.kind).toBe('truncated')
    expect(error.requestSent).toBe(true)
    expect(existsSync(file)).toBe(false)
    expect(readdirSync(dir)).toEqual([])
  })

  it('reports a file that cannot be written as a file error', async () => {
    const server = await serve((_request, response) => response.end('id,amount\n'))
    const file = join(dir, 'missing-folder', 'report.csv')

    const error = await failureOf(
      httpsPostToFile({ url: server.url(), headers: {}, body: '', extraCaPem: server.caPem, file }),
    )

    expect(error.kind).toBe('file')
    // The file is created before anything is sent: a folder that is not there costs no request.
    expect(error.requestSent).toBe(false)
    expect(error.message).toContain(file)
    expect(readdirSync(dir)).toEqual([])
  })
})

describe('createLoopbackCertificate', () => {
  it('is its own CA, valid for localhost, 127.0.0.1 and ::1', () => {
    const certificate = new X509Certificate(credentials.certPem)

    expect(certificate.ca).toBe(true)
    expect(certificate.checkHost('localhost')).toBe('localhost')
    expect(certificate.checkIP('127.0.0.1')).toBe('127.0.0.1')
    expect(certificate.checkIP('::1')).toBe('::1')
    expect(certificate.checkHost('example.com')).toBeUndefined()
    expect(certificate.verify(certificate.publicKey)).toBe(true)
  })
})
