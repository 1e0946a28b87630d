// The command line runs bundled by esbuild: tsx would transpile every source on each start
// (0.9 s for `gatedesk --help`). `ensureCliBundle` rebuilds the bundle when a source is newer,
// so a checkout needs no build step; `node scripts/build-cli.mjs` builds it outright.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const outdir = join(root, 'out', 'cli')
const bundle = join(outdir, 'main.js')

function newestSource(dir) {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    const time = entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs
    newest = Math.max(newest, time)
  }
  return newest
}

/**
 * The esbuild builds of the CLI: its entry with the scripts it starts in their own worker thread
 * or process (main/platform/workers/entries.ts), and the query process on its own (see queryProcessBuild).
 */
export async function cliBuilds() {
  // Imported here, not at the top: Node's type stripping adds about 0.1 s to a start, which a
  // CLI whose bundle is current never pays.
  const { SCRIPT_ENTRIES } = await import('../main/platform/workers/entries.ts')
  const { 'query-process': queryProcess, ...scripts } = SCRIPT_ENTRIES
  const entryPoints = {
    main: join(root, 'main/cli/main.ts'),
    ...Object.fromEntries(
      Object.entries(scripts).map(([name, { source }]) => [name, join(root, source)]),
    ),
  }
  return [
    {
      entryPoints,
      outdir,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node24',
      // zod bundled: loaded from node_modules, its modules took 40 ms of CPU to resolve and
      // compile where the bundle's chunk takes 12 (Node's compile cache applies to it).
      plugins: [externalPackagesBut('zod')],
      // The message catalog's Russian as it is, not as \uXXXX escapes (half the size).
      charset: 'utf8',
      // Each command is its own chunk, loaded when it runs.
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
      logLevel: 'warning',
    },
    queryProcessBuild(join(root, queryProcess.source)),
  ]
}

export async function buildCli() {
  const { build } = await import('esbuild')
  // No chunk of an older build is left behind.
  rmSync(outdir, { recursive: true, force: true })
  for (const options of await cliBuilds()) await build(options)
}

/**
 * The query process, with DuckDB's JavaScript API bundled in: loading its 120 CommonJS modules
 * from node_modules took about 60 ms of each query process's start, which the first sort waits
 * for. Only the native binding (`@duckdb/node-bindings`, which picks the platform's `.node`
 * file) is loaded from node_modules, through a `require` of its own (the bundle is ESM).
 */
function queryProcessBuild(source) {
  return {
    entryPoints: { 'query-process': source },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    plugins: [externalPackagesBut('@duckdb/node-api')],
    banner: {
      js: "import { createRequire as __queryRequire } from 'node:module'; const require = __queryRequire(import.meta.url);",
    },
    // DuckDB's module is loaded in its own chunk, while the first columns are extracted.
    splitting: true,
    chunkNames: 'chunks/query-[name]-[hash]',
    logLevel: 'warning',
  }
}

/** Keeps every package out of the bundle (as `packages: 'external'`) but `bundled`. */
function externalPackagesBut(bundled) {
  return {
    name: 'external-packages-but',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, ({ path }) =>
        path === bundled || path.startsWith(`${bundled}/`) ? undefined : { path, external: true },
      )
    },
  }
}

/** The bundle's URL, built first when missing or older than any source it is built from. */
export async function ensureCliBundle() {
  const builtAt = existsSync(bundle) ? statSync(bundle).mtimeMs : 0
  const sources = ['main', 'preload/contract'].map((dir) => newestSource(join(root, dir)))
  if (Math.max(...sources) > builtAt) await buildCli()
  return pathToFileURL(bundle).href
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildCli()
