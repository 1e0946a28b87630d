import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

/**
 * A script that runs in its own worker thread or process, and how to start it: bundled
 * JavaScript in the app and the CLI, TypeScript through tsx in tests and development.
 */
export interface ScriptRef {
  file: string
  execArgv: readonly string[]
  /** For a script that runs as a process of its own: what it is called and may use. */
  process?: ProcessTraits
}

export interface ProcessTraits {
  /** The process's name in the OS's task list (Electron's serviceName). */
  title: string
  /** Its JavaScript heap, where the launcher can set one (a Node fork). */
  heapLimitMb: number
}

/** The separate entry points of main: each is bundled as `<name>.js` beside the entry file. */
export type ScriptName = 'row-index-worker' | 'query-process' | 'sandbox-process'

const SOURCES: Record<ScriptName, string> = {
  'row-index-worker': 'csv/row-index-worker.ts',
  'query-process': 'reports/query/query-process.ts',
  'sandbox-process': 'sandbox/process/sandbox-process.ts',
}

const PROCESSES: Partial<Record<ScriptName, ProcessTraits>> = {
  // It holds messages only: DuckDB's memory is its own, with a limit of its own.
  'query-process': { title: 'GateDesk query process', heapLimitMb: 512 },
  // Reports stream a page at a time; far more than that means a leak, which ends it, not the app.
  'sandbox-process': { title: 'GateDesk sandbox', heapLimitMb: 512 },
}

const withTraits = (name: ScriptName, ref: Omit<ScriptRef, 'process'>): ScriptRef => {
  const traits = PROCESSES[name]
  return traits ? { ...ref, process: traits } : ref
}

const MAIN_DIR = join(dirname(fileURLToPath(import.meta.url)), '..')

/** The TypeScript source of a script, run through tsx (tests, the dev server). */
export function sourceScript(name: ScriptName): ScriptRef {
  // By absolute URL: a bare `--import tsx` is resolved from the working directory, which is not
  // the project's when the CLI runs elsewhere. Resolved here, not at load: bundles have no tsx.
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
  return withTraits(name, { file: join(MAIN_DIR, SOURCES[name]), execArgv: ['--import', tsx] })
}

/**
 * The scripts for code bundled into `bundleDir` (out/main for the app, out/cli for the CLI),
 * falling back to the sources when the bundle has none (running unbundled under tsx).
 */
export function scriptLocator(bundleDir: string): (name: ScriptName) => ScriptRef {
  return (name) => {
    const bundled = join(bundleDir, `${name}.js`)
    return existsSync(bundled)
      ? withTraits(name, { file: bundled, execArgv: [] })
      : sourceScript(name)
  }
}
