import { explainedDetail } from '../../../preload/contract/platform/explained'
import {
  exitParams,
  type ProcessChannel,
  type ProcessExit,
  type ProcessLauncher,
} from '../../platform/workers/process-channel'
import type { ScriptRef } from '../../platform/workers/script-ref'
import type { RemoteSandboxPage, SandboxPage } from '../sandbox-page'
import {
  sandboxProcessArgs,
  type SandboxFailure,
  type SandboxProcessOptions,
  type SandboxReply,
  type StartedSandbox,
} from './sandbox-process-messages'
import { explainedError } from '../../platform/i18n/english'
import type { MessageCode } from '../../../preload/contract/locales/explain'

export interface EmbeddedSandboxOptions extends SandboxProcessOptions {
  launch: ProcessLauncher
  /** The sandbox process's entry: `sandbox-process` of the script locator. */
  script: ScriptRef
  /** After each start: points the Sandbox environment at where the sandbox listens. */
  onStarted: (started: StartedSandbox) => Promise<void>
  logError: (message: string, error: unknown) => void
  /** Until it listens; past it, the process is ended. */
  startTimeoutMs?: number
  /** For each answer to the page; past it, the process is ended (it has hung). */
  callTimeoutMs?: number
}

export interface EmbeddedSandbox {
  /** Starts the sandbox unless it runs; rejects with why it cannot. */
  start(): Promise<StartedSandbox>
  /** The Sandbox page's calls: each starts the sandbox again first if it stopped. */
  page: RemoteSandboxPage
  /** Stops the sandbox for good (the app is closing). */
  stop(): Promise<void>
}

/** How long a sandbox asked to stop may take to close its server and state before it is killed. */
const STOP_GRACE_MS = 5_000
const DEFAULT_START_TIMEOUT_MS = 30_000
/** Ten years of daily charges take seconds: a call that takes minutes has hung. */
const DEFAULT_CALL_TIMEOUT_MS = 120_000

interface Waiting {
  resolve(result: unknown): void
  reject(error: unknown): void
  timer: NodeJS.Timeout
}

interface RunningProcess {
  started: StartedSandbox
  call(method: keyof SandboxPage, args: unknown[]): Promise<unknown>
  stop(): Promise<void>
}

/** Starts the sandbox process and settles once it listens; `onGone` when it has ended. */
function launchSandbox(options: EmbeddedSandboxOptions, onGone: () => void) {
  const channel: ProcessChannel = options.launch(options.script, sandboxProcessArgs(options))
  const callTimeoutMs = options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS
  const waiting = new Map<number, Waiting>()
  let lastId = 0
  let ended: ProcessExit | null = null
  let markExited = () => {}
  const exited = new Promise<void>((resolve) => (markExited = resolve))
  const settle = (id: number) => {
    const caller = waiting.get(id)
    waiting.delete(id)
    clearTimeout(caller?.timer)
    return caller
  }

  const call = (method: keyof SandboxPage, args: unknown[]) =>
    new Promise<unknown>((resolve, reject) => {
      if (ended !== null) throw stoppedError(ended)
      const id = ++lastId
      const timer = setTimeout(() => {
        settle(id)?.reject(explainedError('sandbox.no-answer', { limitMs: callTimeoutMs }))
        channel.kill()
      }, callTimeoutMs)
      waiting.set(id, { resolve, reject, timer })
      channel.send({ type: 'call', id, method, args })
    })
  const stop = async () => {
    channel.send({ type: 'stop' })
    const kill = setTimeout(() => channel.kill(), STOP_GRACE_MS)
    await exited
    clearTimeout(kill)
  }

  return new Promise<RunningProcess>((resolve, reject) => {
    const startTimeoutMs = options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS
    const startTimer = setTimeout(() => {
      reject(explainedError('sandbox.start.not-listening', { limitMs: startTimeoutMs }))
      channel.kill()
    }, startTimeoutMs)
    channel.onMessage((message) => {
      const reply = message as SandboxReply
      if (reply.type === 'started') {
        clearTimeout(startTimer)
        const { baseUrl, connection } = reply
        resolve({ started: { baseUrl, connection }, call, stop })
      } else if (reply.type === 'start-failed') {
        clearTimeout(startTimer)
        reject(failureOf(reply))
        channel.kill()
      } else {
        const caller = settle(reply.id)
        if (reply.ok) caller?.resolve(reply.result)
        else caller?.reject(failureOf(reply))
      }
    })
    channel.onExit((exit) => {
      ended = exit
      clearTimeout(startTimer)
      reject(explainedError('sandbox.start.process-ended', exitParams(exit)))
      for (const id of [...waiting.keys()]) settle(id)?.reject(stoppedError(exit))
      markExited()
      onGone()
    })
  })
}

function stoppedError(exit: ProcessExit): Error {
  return explainedError('sandbox.stopped-unexpectedly', exitParams(exit))
}

/** Why the sandbox could not start, with the window's wording of the inner reason when it has one. */
function startFailure(error: Error): Error {
  return explainedError('sandbox.could-not-start', explainedDetail(error), { cause: error })
}

/**
 * The built-in sandbox in a process of its own, so that its crash or running out of memory
 * never takes the app down. It starts with the app, and again on the Sandbox page's next call
 * after it stopped (on the same port as before, when that is free).
 */
export function createEmbeddedSandbox(options: EmbeddedSandboxOptions): EmbeddedSandbox {
  let current: Promise<RunningProcess> | null = null
  let closed = false

  function running(): Promise<RunningProcess> {
    if (closed) {
      return Promise.reject(explainedError('sandbox.closing'))
    }
    if (current) return current
    let starting: Promise<RunningProcess> | null = null
    const gone = () => {
      if (current === starting) current = null
    }
    starting = launchSandbox(options, gone).then(
      async (sandbox) => {
        // The sandbox serves its page even when the environment could not be set up.
        await options.onStarted(sandbox.started).catch((error: unknown) => {
          options.logError('The Sandbox environment could not be connected', error)
        })
        return sandbox
      },
      (error: unknown) => {
        gone()
        throw startFailure(error as Error)
      },
    )
    current = starting
    return starting
  }

  const call =
    <M extends keyof SandboxPage>(method: M) =>
    (...args: Parameters<SandboxPage[M]>) =>
      running().then((sandbox) => sandbox.call(method, args)) as ReturnType<RemoteSandboxPage[M]>

  return {
    start: async () => (await running()).started,
    page: {
      overview: call('overview'),
      advance: call('advance'),
      injectFault: call('injectFault'),
      clearFaults: call('clearFaults'),
      reset: call('reset'),
    },
    async stop() {
      closed = true
      const sandbox = await current?.catch(() => null)
      current = null
      await sandbox?.stop()
    },
  }
}

/** The sandbox's refusal as main raises it: worded from the catalog when it came as a code. */
function failureOf({ message, messageCode, params }: SandboxFailure): Error {
  return messageCode === undefined
    ? new Error(message)
    : explainedError(messageCode as MessageCode, params)
}
