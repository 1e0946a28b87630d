import type { MessageParams } from '../../../preload/contract/platform/explained'
import type { ScriptRef } from './script-ref'

/** How a process ended: its exit code, the signal that killed it, or why it could not start. */
export type ProcessExit = { exitCode: number } | { signal: string } | { failure: string }

/** In English, as main's messages and logs say it: "exit code 1", "killed by SIGKILL". */
export function exitWords(exit: ProcessExit): string {
  if ('exitCode' in exit) return `exit code ${exit.exitCode}`
  if ('signal' in exit) return `killed by ${exit.signal}`
  return exit.failure
}

/**
 * A message's params for how a process ended: `reason` in English, and for an exit code or a
 * signal, `reasonCode` and its value, for the window to word the reason in its language. A
 * failure to start is the system's own text, kept as it was written.
 */
export function exitParams(exit: ProcessExit): MessageParams {
  const reason = exitWords(exit)
  if ('exitCode' in exit)
    return { reason, reasonCode: 'process.exit-code', exitCode: exit.exitCode }
  if ('signal' in exit) return { reason, reasonCode: 'process.killed', signal: exit.signal }
  return { reason }
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
