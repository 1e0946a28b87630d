// Runs benchmarks on the code as the app runs it: bundled by esbuild, as electron-vite does.
// tsx would add work the app never does (its keepNames option wraps closures in __name calls).
import { build } from 'esbuild'
import { mkdtemp, mkdir, rm } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { pathToFileURL } from 'node:url'
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
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: `node${process.versions.node}`,
      packages: 'external',
      logLevel: 'warning',
    })
    console.log(`# ${entry}`)
    await import(pathToFileURL(join(process.cwd(), outfile)).href)
  }
} finally {
  await rm(outdir, { recursive: true, force: true })
}
