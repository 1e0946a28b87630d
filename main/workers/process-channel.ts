import type { ScriptRef } from './script-ref'

/** The main side's channel to a script started in a process of its own, whatever started it. */
export interface ProcessChannel {
  /** Sends a message by structured clone, so typed arrays travel as they are. */
  send(message: unknown): void
  onMessage(listener: (message: unknown) => void): void
  /** Called once when the process ends (or could not start), with why in words. */
  onExit(listener: (reason: string) => void): void
  kill(): void
  /** The process id once it runs, for logs (and for tests that kill it as a crash would). */
  readonly pid: number | undefined
}

/** Starts `script` in a process of its own, passing it `args`. */
export type ProcessLauncher = (script: ScriptRef, args: readonly string[]) => ProcessChannel
