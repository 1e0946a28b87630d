import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { basename, dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { SCRIPT_ENTRIES, type ProcessTraits, type ScriptEntry, type ScriptName } from './entries'

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

export type { ScriptName }

const withTraits = (name: ScriptName, ref: Omit<ScriptRef, 'process'>): ScriptRef => {
  const entry: ScriptEntry = SCRIPT_ENTRIES[name]
  return entry.kind === 'process' ? { ...ref, process: entry.traits } : ref
}

const PROJECT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..')

/** The TypeScript source of a script, run through tsx (tests, the dev server). */
export function sourceScript(name: ScriptName): ScriptRef {
  // By absolute URL: a bare `--import tsx` is resolved from the working directory, which is not
  // the project's when the CLI runs elsewhere. Resolved here, not at load: bundles have no tsx.
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
  return withTraits(name, {
    file: join(PROJECT_DIR, SCRIPT_ENTRIES[name].source),
    execArgv: ['--import', tsx],
  })
}

/**
 * Where the app's threads and processes are bundled, each self-contained: out/scripts beside
 * `mainDir` (out/main), and in a package its unpacked copy, `app.asar.unpacked/out/scripts`.
 * From there Node loads them itself: Electron's tests do not cover starting an ES-module worker
 * or a utility process from inside an asar, and nothing is left to fail when it refuses one.
 */
export function appScriptsDir(mainDir: string): string {
  const appDir = resolve(mainDir, '..', '..')
  const unpackedDir = basename(appDir) === 'app.asar' ? `${appDir}.unpacked` : appDir
  return join(unpackedDir, 'out', 'scripts')
}

/**
 * The scripts bundled into `bundleDir` (appScriptsDir for the app, out/cli for the CLI),
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
