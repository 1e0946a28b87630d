import type { SandboxConnection } from '../sandbox-connection'
import type { SandboxPage } from '../sandbox-page'
import type { AddedLatency } from '../http/faults'

/** How the embedded sandbox runs, passed to its process as command-line arguments. */
export interface SandboxProcessOptions {
  stateDir: string
  /** Honour the X-Sandbox-Fault request header. */
  faults: boolean
  /** A gateway's distance, added to every API request (the bulk benchmark's). */
  latency?: AddedLatency
}

const STATE_DIR = '--state-dir='
const LATENCY = '--latency='

export function sandboxProcessArgs(options: SandboxProcessOptions): string[] {
  const { latency } = options
  return [
    `${STATE_DIR}${options.stateDir}`,
    ...(options.faults ? ['--faults'] : []),
    ...(latency ? [`${LATENCY}${latency.meanMs},${latency.jitterMs}`] : []),
  ]
}

function latencyOf(args: readonly string[]): AddedLatency | undefined {
  const text = args.find((arg) => arg.startsWith(LATENCY))?.slice(LATENCY.length)
  if (text === undefined) return undefined
  const [meanMs, jitterMs] = text.split(',').map(Number)
  return { meanMs: meanMs!, jitterMs: jitterMs! }
}

export function sandboxProcessOptions(args: readonly string[]): SandboxProcessOptions {
  const stateDir = args.find((arg) => arg.startsWith(STATE_DIR))?.slice(STATE_DIR.length)
  if (!stateDir) throw new Error(`the sandbox process needs ${STATE_DIR}DIR`)
  const latency = latencyOf(args)
  return { stateDir, faults: args.includes('--faults'), ...(latency && { latency }) }
}

/** Where a started sandbox listens and how its demo merchant reaches it. */
export interface StartedSandbox {
  baseUrl: string
  connection: SandboxConnection
}

/** From main to the sandbox process. */
export type SandboxRequest =
  | { type: 'call'; id: number; method: keyof SandboxPage; args: unknown[] }
  /** Close the server and the state, then exit. */
  | { type: 'stop' }

/** From the sandbox process to main: once `started` (or `start-failed`), then the answers. */
export type SandboxReply =
  | ({ type: 'started' } & StartedSandbox)
  | ({ type: 'start-failed' } & SandboxFailure)
  | { type: 'answer'; id: number; ok: true; result: unknown }
  | ({ type: 'answer'; id: number; ok: false } & SandboxFailure)

/** Why the sandbox refused: its code and values when it has them (main words them), else the error's text. */
export interface SandboxFailure {
  message: string
  messageCode?: string
  params?: Record<string, string | number>
}

/** What of an error crosses to main: the process has no catalog, so a code goes as code and values. */
export function sandboxFailure(error: unknown): SandboxFailure {
  const { message, messageCode, params } = error as Error & Partial<SandboxFailure>
  return messageCode === undefined ? { message } : { message, messageCode, params: params ?? {} }
}
