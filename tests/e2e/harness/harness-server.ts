import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { WebSocketServer, type WebSocket } from 'ws'
import {
  registerHandlers,
  type Handlers,
  type InvokeEventLike,
} from '../../../main/platform/electron/ipc'
import {
  APP_ORIGIN,
  serveAppRequest,
  type AppProtocolOptions,
} from '../../../main/app/security/app-protocol'

export interface Harness {
  /** The app's entry page. */
  url: string
  /** The origin that stands for the dev server's: main answers it with CORS for report files. */
  devOrigin: string
  /** The random per-run token the page must present to reach the handlers. */
  token: string
  /** The real preload, bundled with the WebSocket `electron` stand-in, to inject into the page. */
  preloadScript: string
  /** Pushes an event to every connected page, as main's webContents.send does. */
  emit: (event: string, payload: unknown) => void
  close: () => Promise<void>
}

const root = fileURLToPath(new URL('../../../', import.meta.url))

/** Bundles preload/index.ts for the browser with `electron` replaced by the WebSocket stand-in. */
async function bundlePreload(): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    resolve: { alias: { electron: `${root}tests/e2e/harness/page/fake-electron.ts` } },
    build: {
      write: false,
      minify: false,
      lib: { entry: `${root}preload/index.ts`, formats: ['iife'], name: 'gatedeskPreload' },
    },
  })
  const [result] = Array.isArray(output) ? output : [output]
  if (!result || !('output' in result)) throw new Error('The preload bundle did not build')
  return result.output[0].code
}

/**
 * Serves the built renderer exactly as the app:// protocol does, and binds the real main-process
 * handlers through the real registerHandlers to a loopback WebSocket.
 */
export async function startHarness(options: {
  rendererDir: string
  handlers: Handlers
  reportFiles: AppProtocolOptions['reportFiles']
}): Promise<Harness> {
  const token = randomBytes(16).toString('hex')
  const bound = new Map<string, (event: InvokeEventLike, payload: unknown) => unknown>()
  let devOrigin: string | null = null
  const server = createServer(async (request, response) => {
    const served = await serveAppRequest(
      {
        url: `${APP_ORIGIN}${request.url ?? '/'}`,
        method: request.method ?? 'GET',
        headers: new Headers(request.headers as Record<string, string>),
      },
      { rendererDir: options.rendererDir, reportFiles: options.reportFiles, devOrigin },
    )
    response.writeHead(served.status, Object.fromEntries(served.headers))
    // Streamed as the app streams it: a report file is never read whole. A page that stops
    // reading (pdf.js cancels a request) just ends the stream.
    if (!served.body) return void response.end()
    const body = Readable.fromWeb(served.body as WebReadableStream)
    await pipeline(body, response).catch(() => undefined)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const origin = `http://127.0.0.1:${port}`
  // The page is served from 127.0.0.1; http://localhost:<port> plays `npm start`'s dev server,
  // another origin that main lets read report files (the app's own page never needs that).
  devOrigin = `http://localhost:${port}`

  registerHandlers({ handle: (name, listener) => bound.set(name, listener) }, options.handlers, {
    trustedOrigins: [origin],
    logError: (message, error) => console.error(message, error),
  })

  const sockets = new WebSocketServer({
    server,
    path: '/ipc',
    verifyClient: ({ req }: { req: IncomingMessage }) =>
      new URL(req.url ?? '', origin).searchParams.get('token') === token,
  })
  sockets.on('connection', (socket: WebSocket, request: IncomingMessage) => {
    // The browser attests the page's origin; it stands for Electron's event.senderFrame.
    const senderFrame = { url: `${request.headers.origin ?? 'null'}/`, parent: null }
    socket.on('message', async (data) => {
      const { id, channel, payload } = JSON.parse(String(data)) as {
        id: number
        channel: string
        payload: unknown
      }
      const handler = bound.get(channel)
      const result = handler
        ? await handler({ senderFrame }, payload)
        : {
            ok: false,
            error: { code: 'unknown-channel', message: `"${channel}" is not a channel` },
          }
      socket.send(JSON.stringify({ id, result }))
    })
  })

  return {
    url: `${origin}/index.html`,
    devOrigin,
    token,
    preloadScript: await bundlePreload(),
    emit: (event, payload) => {
      for (const client of sockets.clients) client.send(JSON.stringify({ event, payload }))
    },
    close: async () => {
      for (const client of sockets.clients) client.terminate()
      await new Promise((resolve) => sockets.close(resolve))
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
