import type { IncomingMessage, ServerResponse } from 'node:http'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { SPEC_PATHS } from '../platform/gateway/environment'
import { writePrivateFile } from '../platform/db/private-files'
import { createCallbackDispatcher } from './callbacks/callback-dispatcher'
import { httpCallbackSender, type CallbackSender } from './callbacks/callback-sender'
import {
  FAULT_HEADER,
  FAULT_KINDS,
  faultFor,
  faultQueue,
  internalErrorReply,
  stagedReply,
  type FaultKind,
  latencyMs,
  type AddedLatency,
} from './http/faults'
import type { VerifierOptions } from './oauth/oauth-verifier'
import { receiveRequest } from './http/received-request'
import { textReply } from './http/reply'
import { writeReply } from './http/reply-writer'
import { requestLog, type RequestLogEntry } from './http/request-log'
import { INBOX_PATH, requestRouter } from './http/request-router'
import { loadOrCreateTlsCredentials } from './http/state-certificate'
import type { SandboxConnection } from './sandbox-connection'
import {
  createSandboxService,
  type SandboxActions,
  type SandboxGateway,
  type SandboxSnapshot,
} from './sandbox-service'
import { openSandboxState, type SandboxFiles, type SandboxState } from './stores/sandbox-state'

export interface SandboxOptions {
  stateDir: string
  /** Default: the port of the last run on this state dir, else any free port. */
  port?: number
  /** Honour the X-Sandbox-Fault request header (tests and the Sandbox page). */
  faults?: boolean
  /** Added to every API request before it is handled: a gateway 30–200 ms away. */
  latency?: AddedLatency
  /** White-label path prefixes; the spec's paths by default. */
  paths?: Partial<typeof SPEC_PATHS>
  /** Wall clock in Unix ms: oauth_timestamp windows and transaction times. */
  now?: () => number
  /** In [0, 1): random amounts and declines. */
  random?: () => number
  sendCallback?: CallbackSender
  callbackRetryDelaysMs?: readonly number[]
  /** Where the sandbox's own unexpected errors go. */
  logError?: (message: string, error: unknown) => void
  /** How many requests the request log keeps (200); a test of bulk runs keeps them all. */
  requestLogSize?: number
}

/** What the app's Sandbox page calls (and tests): state, actions, faults, the request log. */
export interface SandboxService extends Omit<SandboxActions, 'snapshot'> {
  snapshot(): SandboxSnapshot & {
    baseUrl: string
    faultsEnabled: boolean
    pendingFaults: FaultKind[]
  }
  /** Makes the next `count` API requests fail with `kind`, whatever their headers say. */
  injectFault(kind: FaultKind, count?: number): void
  clearFaults(): void
  recentRequests(limit?: number): RequestLogEntry[]
  /** Settles once every callback sent so far is delivered or has given up. */
  callbacksSettled(): Promise<void>
}

export interface RunningSandbox {
  baseUrl: string
  stateDir: string
  /** Where sandbox.json was written. */
  connectionFile: string
  connection: SandboxConnection
  service: SandboxService
  stop(): Promise<void>
}

async function listen(server: Server, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  return (server.address() as AddressInfo).port
}

/** Listens on the port asked for, else on the last run's port, else (or if taken) any free one. */
async function listenOnSandboxPort(server: Server, state: SandboxState, port?: number) {
  try {
    return await listen(server, port ?? state.stores.meta.savedPort() ?? 0)
  } catch (error) {
    if (port !== undefined || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error
    return listen(server, 0)
  }
}

function writeConnectionFile(
  files: SandboxFiles,
  state: SandboxState,
  baseUrl: string,
  paths: typeof SPEC_PATHS,
): SandboxConnection {
  const connection: SandboxConnection = {
    baseUrl,
    caCertFile: files.tlsCertificate,
    endpointId: state.merchant.endpointId,
    merchantLogin: state.merchant.login,
    controlKeyFile: files.controlKey,
    privateKeyFile: files.privateKey,
    publicKeyFile: files.publicKey,
    ...(paths.updateRecurringPath !== SPEC_PATHS.updateRecurringPath && {
      updateRecurringPath: paths.updateRecurringPath,
    }),
    ...(paths.reportPath !== SPEC_PATHS.reportPath && { reportPath: paths.reportPath }),
  }
  writePrivateFile(files.connection, `${JSON.stringify(connection, null, 2)}\n`)
  return connection
}

/**
 * Starts the sandbox gateway on loopback over HTTPS, with its state in `stateDir` (created on
 * first start), and writes `stateDir/sandbox.json`.
 */
export async function startSandbox(options: SandboxOptions): Promise<RunningSandbox> {
  const now = options.now ?? Date.now
  const logError = options.logError ?? ((message, error) => console.error(message, error))
  const paths = { ...SPEC_PATHS, ...options.paths }
  const state = openSandboxState(options.stateDir)
  const { stores, files } = state
  const tls = loadOrCreateTlsCredentials(files, now())
  const faults = faultQueue()
  const log = requestLog(now, options.requestLogSize)
  const delays = new Set<() => void>()
  let stopping = false

  const verifier = (): Omit<VerifierOptions, 'method' | 'operation'> => {
    const windowSeconds = stores.meta.settings().timestampWindowSeconds
    const nowSeconds = Math.floor(now() / 1000)
    return {
      merchant: (login) => stores.merchants.byLogin(login),
      nowSeconds,
      windowSeconds,
      useNonce: (consumerKey, nonce) =>
        stores.nonces.use(consumerKey, nonce, nowSeconds, windowSeconds),
    }
  }
  const route = requestRouter(paths, verifier)
  // Requests wait until the service exists: it needs the port, known only once listening.
  let provideGateway = (_gateway: SandboxGateway) => {}
  const gatewayReady = new Promise<SandboxGateway>((resolve) => (provideGateway = resolve))

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer)
        delays.delete(wake)
        resolve()
      }
      const timer = setTimeout(wake, ms)
      delays.add(wake)
    })

  const onRequest = async (request: IncomingMessage, response: ServerResponse) => {
    const received = await receiveRequest(request, `127.0.0.1:${port}`)
    const { operation, handle } = route(received, await gatewayReady)
    const api = operation === 'update-recurring-payment' || operation === 'report'
    const fault = api
      ? faultFor(request.headers[FAULT_HEADER], options.faults === true, faults)
      : null
    if (fault === 'unknown') {
      const known = FAULT_KINDS.join(', ')
      log.record({ operation, fault: null, outcome: 'bad-fault-header', detail: known })
      return writeReply(response, textReply(400, `${FAULT_HEADER} must be one of: ${known}`))
    }
    if (api && options.latency) {
      await sleep(latencyMs(options.latency, Math.random))
      if (stopping) return void response.destroy()
    }
    const staged = fault ? stagedReply(fault) : null
    if (fault === 'reset' || staged) {
      log.record({ operation, fault, outcome: 'fault', detail: fault! })
      if (staged) return writeReply(response, staged)
      request.socket.destroy()
      return
    }
    if (fault === 'delay') {
      // The request is handled after the delay, so an update the client gave up on still applies.
      await sleep(stores.meta.settings().faultDelayMs)
      if (stopping) return void response.destroy()
    }
    const handled = handle()
    const { outcome, detail, orderId } = handled
    log.record({ operation, fault, outcome, detail, ...(orderId !== undefined && { orderId }) })
    await writeReply(response, handled.reply, fault === 'truncate')
  }

  const server = createServer({ cert: tls.certPem, key: tls.keyPem }, (request, response) => {
    onRequest(request, response).catch((error: unknown) => {
      logError('The sandbox failed to handle a request', error)
      if (!response.headersSent) void writeReply(response, internalErrorReply())
      else response.destroy()
    })
  })
  let port: number
  try {
    port = await listenOnSandboxPort(server, state, options.port)
  } catch (error) {
    state.db.close()
    throw error
  }
  stores.meta.savePort(port)
  const baseUrl = `https://127.0.0.1:${port}`

  const dispatcher = createCallbackDispatcher({
    send: options.sendCallback ?? httpCallbackSender(tls.certPem),
    log: stores.callbacks,
    now,
    retryDelaysMs: options.callbackRetryDelaysMs,
  })
  const { actions, gateway } = createSandboxService({
    state,
    dispatcher,
    now,
    random: options.random ?? Math.random,
    inboxUrl: `${baseUrl}${INBOX_PATH}`,
  })
  const connection = writeConnectionFile(files, state, baseUrl, paths)
  provideGateway(gateway)

  const { snapshot } = actions
  return {
    baseUrl,
    stateDir: options.stateDir,
    connectionFile: files.connection,
    connection,
    service: {
      ...actions,
      snapshot: () => ({
        ...snapshot(),
        baseUrl,
        faultsEnabled: options.faults === true,
        pendingFaults: faults.pending(),
      }),
      injectFault: (kind, count = 1) => faults.add(kind, count),
      clearFaults: () => faults.clear(),
      recentRequests: (limit = 50) => log.recent(limit),
      callbacksSettled: () => dispatcher.idle(),
    },
    async stop() {
      stopping = true
      for (const wake of [...delays]) wake()
      const closed = new Promise((resolve) => server.close(resolve))
      server.closeAllConnections()
      await closed
      await dispatcher.stop()
      state.db.close()
    },
  }
}
