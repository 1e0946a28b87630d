import { rmSync } from 'node:fs'
import { forkLauncher } from '../platform/workers/fork-launcher'
import type { ScriptName, ScriptRef } from '../platform/workers/script-ref'
import { launchQueryProcess, type LaunchedQueryProcess } from '../reports/early-face'
import { ENDING_SIGNALS, newRunFolder } from './report-run-folder'

/*
 * report-view asked a question (a sort, a filter, totals, a pivot) starts its query process (Node
 * and DuckDB, about 0.4 s) before the command's code and zod load, not after. Loaded by main.ts
 * for that command alone; it loads no zod (tests/unit/build).
 */

/** The options by which report-view asks DuckDB (the command checks their values). */
const ASKS_QUERY = /^--(?:sort|filter|totals|group-by)(?:=|$)/

/** How long a killed query process may take to end before its folder is removed anyway. */
const EXIT_WAIT_MS = 5000

/** A run's folder and the query process started in it, until the command takes them. */
export interface QueryProcessAhead {
  /**
   * Once: from then on the command ends the process and removes the folder. It listens to the
   * ending signals before it calls release, in the same turn of the event loop.
   */
  take(): { runFolder: string; launched: LaunchedQueryProcess } | undefined
  /**
   * Stops listening to the signals; ends the process and removes the folder if the command never
   * took them (a wrong option). A signal heard before is lost if nothing else listens by then.
   */
  release(): Promise<void>
}

/**
 * The query process of `report-view argv`, started now if the command asks a question, else
 * undefined. Any failure here leaves the start to the command, which says what failed.
 */
export function queryProcessAhead(
  argv: readonly string[],
  scripts: (name: ScriptName) => ScriptRef,
): QueryProcessAhead | undefined {
  if (!argv.some((arg) => ASKS_QUERY.test(arg)) || argv.includes('--help')) return undefined
  let runFolder: string | undefined
  let ahead: { runFolder: string; launched: LaunchedQueryProcess } | undefined
  let taken = false
  const interrupted = (signal: NodeJS.Signals) => {
    // Taken: the command, listening by now, ends them.
    if (taken) return
    void release().then(() => process.kill(process.pid, signal))
  }
  const stopListening = () => {
    for (const signal of ENDING_SIGNALS) process.off(signal, interrupted)
  }
  async function release() {
    stopListening()
    const started = ahead
    const folder = runFolder
    ahead = runFolder = undefined
    if (started) {
      // Ended before its folder goes: a process still starting would write in it again.
      const ended = new Promise<void>((resolve) => {
        started.launched.channel.onExit(() => resolve())
        setTimeout(resolve, EXIT_WAIT_MS).unref()
      })
      started.launched.channel.kill()
      await ended
    }
    if (folder) rmSync(folder, { recursive: true, force: true, maxRetries: 3 })
  }
  // Before the folder is made: a signal that ends the command then (a fork takes a while) ends
  // the process and removes the folder, until the command takes them.
  for (const signal of ENDING_SIGNALS) process.once(signal, interrupted)
  try {
    runFolder = newRunFolder('view')
    const script = scripts('query-process')
    const launched = launchQueryProcess({ launch: forkLauncher, script, scratchRoot: runFolder })
    ahead = { runFolder, launched }
  } catch {
    void release()
    return undefined
  }
  return {
    take() {
      const started = ahead
      taken = true
      ahead = runFolder = undefined
      return started
    },
    release,
  }
}
