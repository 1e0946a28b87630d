import type { MessageParams } from '../../../preload/contract/platform/explained'
import type { ScriptRef } from './script-ref'

/** How a process ended: its exit code, the signal that killed it, or why it could not start. */
export type ProcessExit = { exitCode: number } | { signal: string } | { failure: string }

/**
 * A message's params for how a process ended: for an exit code or a signal, `reasonCode` and its
 * value (process.* in the catalog words it, in English for main and in the window's language); a
 * failure to start is the system's own text, the `reason` as it was written.
 */
export function exitParams(exit: ProcessExit): MessageParams {
  if ('exitCode' in exit) return { reasonCode: 'process.exit-code', exitCode: exit.exitCode }
  if ('signal' in exit) return { reasonCode: 'process.killed', signal: exit.signal }
  return { reason: exit.failure }
}

/** The main side's channel to a script started in a process of its own, whatever started it. */
export interface ProcessChannel {
  /** Sends a message by structured clone, so typed arrays travel as they are. */
  send(message: unknown): void
  onMessage(listener: (message: unknown) => void): void
  /** Called once when the process ends (or could not start), with how. */
  onExit(listener: (exit: ProcessExit) => void): void
  kill(): void
  /** The process id once it runs, for logs (and for tests that kill it as a crash would). */
  readonly pid: number | undefined
}

/** Starts `script` in a process of its own, passing it `args`. */
export type ProcessLauncher = (script: ScriptRef, args: readonly string[]) => ProcessChannel

/**
 * `channel` for one user who may start listening late: its exit (or failure to start) heard
 * before then is told to that user's listener when it comes. A process started ahead of the code
 * that uses it (the command line's query process, forked before the command loads) may end first.
 */
export function heldChannel(channel: ProcessChannel): ProcessChannel {
  let ended: ProcessExit | undefined
  let listener: ((exit: ProcessExit) => void) | undefined
  channel.onExit((exit) => (listener ? listener(exit) : (ended = exit)))
  return {
    send: (message) => channel.send(message),
    onMessage: (listen) => channel.onMessage(listen),
    onExit(listen) {
      listener = listen
      // Later, as an exit always comes: the user has set its state when it is told.
      const exit = ended
      if (exit) queueMicrotask(() => listen(exit))
    },
    kill: () => channel.kill(),
    get pid() {
      return channel.pid
    },
  }
}
