#!/usr/bin/env node
// Runs the command line bundled by esbuild, rebuilt first when a source changed.
import { ensureCliBundle } from '../scripts/build-cli.mjs'

const { main } = await import(await ensureCliBundle())
process.exitCode = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
})
