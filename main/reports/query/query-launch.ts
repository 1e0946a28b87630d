import { rm } from 'node:fs/promises'
import { privateTempDir } from '../../platform/db/private-files'
import {
  heldChannel,
  type ProcessChannel,
  type ProcessLauncher,
} from '../../platform/workers/process-channel'
import type { ScriptRef } from '../../platform/workers/script-ref'
import { limitsToArgs, scratchDirToArg } from './query-messages'

/*
 * The query process's start, apart from the engine that talks to it: the command line forks it
 * from here before anything with words loads (the engine's errors load main's English catalog).
 */

export interface QueryLaunchOptions {
  launch: ProcessLauncher
  /** The query process's entry: `query-process` of the script locator. */
  script: ScriptRef
  /** The app's private temp folder (tempRoot): each process gets a new folder of its own in it. */
  scratchRoot: string
  /** DuckDB's memory limit: beyond it, it spills to its folder or fails the query. */
  memoryLimitMb?: number
  threads?: number
}

/** A query process just started, and its folder (removed when it ends). */
export interface LaunchedQueryProcess {
  channel: ProcessChannel
  scratchDir: string
}

/**
 * Starts a query process in a new folder of its own. Its exit, should it come before the engine
 * listens, is kept for the engine (heldChannel).
 */
export function launchQueryProcess(options: QueryLaunchOptions): LaunchedQueryProcess {
  const args = limitsToArgs({
    memoryLimitMb: options.memoryLimitMb ?? 2048,
    threads: options.threads ?? 2,
  })
  const scratchDir = privateTempDir(options.scratchRoot, 'query-')
  try {
    const started = options.launch(options.script, [...args, scratchDirToArg(scratchDir)])
    return { channel: heldChannel(started), scratchDir }
  } catch (error) {
    void rm(scratchDir, { recursive: true, force: true })
    throw error
  }
}
