#!/usr/bin/env node
// Runs the TypeScript sources through tsx, so the CLI needs no build step after `npm install`.
import { register } from 'tsx/esm/api'

register()
const { main } = await import('../main/cli.ts')
process.exitCode = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
})
