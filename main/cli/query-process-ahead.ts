import { rmSync } from 'node:fs'
import { forkLauncher } from '../platform/workers/fork-launcher'
import type { ScriptName, ScriptRef } from '../platform/workers/script-ref'
import { launchQueryProcess, type LaunchedQueryProcess } from '../reports'
import { ENDING_SIGNALS, runTempDir } from './report-run-folder'

/*
 * report-view asked a question (a sort, a filter, totals, a pivot) starts its query process (Node
 * and DuckDB, about 0.4 s) before the command's code and zod load, not after. Loaded by main.ts
 * for that command alone; it loads no zod (tests/unit/build).
 */

/** The options by which report-view asks DuckDB (the command checks their values). */
const ASKS_QUERY = /^--(?:sort|filter|totals|group-by)(?:=|$)/

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
  release(): void
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
    release()
    process.kill(process.pid, signal)
  }
  const stopListening = () => {
    for (const signal of ENDING_SIGNALS) process.off(signal, interrupted)
  }
  function release() {
    stopListening()
    ahead?.launched.channel.kill()
    if (runFolder) rmSync(runFolder, { recursive: true, force: true, maxRetries: 3 })
    ahead = runFolder = undefined
  }
  // Before the folder is made: a signal that ends the command then (a fork takes a while) ends
  // the process and removes the folder, until the command takes them.
  for (const signal of ENDING_SIGNALS) process.once(signal, interrupted)
  try {
    runFolder = runTempDir('view')
    const script = scripts('query-process')
    const launched = launchQueryProcess({ launch: forkLauncher, script, scratchRoot: runFolder })
    ahead = { runFolder, launched }
  } catch {
    release()
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
