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
}

/** The separate entry points of main: each is bundled as `<name>.js` beside the entry file. */
export type ScriptName = 'row-index-worker' | 'query-process'

const SOURCES: Record<ScriptName, string> = {
  'row-index-worker': 'csv/row-index-worker.ts',
  'query-process': 'reports/query/query-process.ts',
}

const MAIN_DIR = join(dirname(fileURLToPath(import.meta.url)), '..')

/** The TypeScript source of a script, run through tsx (tests, the dev server). */
export function sourceScript(name: ScriptName): ScriptRef {
  // By absolute URL: a bare `--import tsx` is resolved from the working directory, which is not
  // the project's when the CLI runs elsewhere. Resolved here, not at load: bundles have no tsx.
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
  return { file: join(MAIN_DIR, SOURCES[name]), execArgv: ['--import', tsx] }
}

/**
 * The scripts for code bundled into `bundleDir` (out/main for the app, out/cli for the CLI),
 * falling back to the sources when the bundle has none (running unbundled under tsx).
 */
export function scriptLocator(bundleDir: string): (name: ScriptName) => ScriptRef {
  return (name) => {
    const bundled = join(bundleDir, `${name}.js`)
    return existsSync(bundled) ? { file: bundled, execArgv: [] } : sourceScript(name)
  }
}
