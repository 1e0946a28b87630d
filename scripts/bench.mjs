// Runs benchmarks on the code as the app runs it: bundled by esbuild, as electron-vite does.
// tsx would add work the app never does (its keepNames option wraps closures in __name calls).
import { build } from 'esbuild'
import { spawnSync } from 'node:child_process'
import { mkdtemp, mkdir, rm } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { buildCli } from './build-cli.mjs'

// The other arguments are the benchmarks' own options (bench/report-engine.bench.ts --rows N).
const entries = process.argv.slice(2).filter((arg) => arg.endsWith('.ts'))
if (entries.length === 0) {
  console.error('usage: node scripts/bench.mjs bench/<name>.bench.ts …')
  process.exit(2)
}
// Inside the project, so that the bundle's external packages resolve from node_modules.
const cache = join('node_modules', '.cache')
await mkdir(cache, { recursive: true })
const outdir = await mkdtemp(join(cache, 'gatedesk-bench-'))
try {
  // The report engine's worker thread and query process run the CLI's bundle (out/cli).
  await buildCli()
  for (const entry of entries) {
    const outfile = join(outdir, `${basename(entry, '.ts')}.mjs`)
    await build({
      entryPoints: [entry],
      outdir,
      outExtension: { '.js': '.mjs' },
      // A module imported dynamically (and its packages) loads only when it runs, as in the app.
      splitting: true,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: `node${process.versions.node}`,
      packages: 'external',
      logLevel: 'warning',
    })
    console.log(`# ${entry}`)
    // In a process of its own: the memory a benchmark measures is the code's under test, not
    // esbuild's and this build's.
    const run = spawnSync(process.execPath, [outfile, ...process.argv.slice(2)], {
      stdio: 'inherit',
    })
    if (run.status !== 0) process.exitCode = run.status ?? 1
  }
} finally {
  await rm(outdir, { recursive: true, force: true })
}
