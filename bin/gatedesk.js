#!/usr/bin/env node
// Runs the command line bundled by esbuild, rebuilt first when a source changed, on the project's
// own Node 24: the native modules (better-sqlite3, keytar, DuckDB) are built for it, and another
// node crashes loading them (SIGSEGV, nothing printed). Nothing else is imported before that check.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import module from 'node:module'
import { constants } from 'node:os'
import { fileURLToPath } from 'node:url'

const REQUIRED_MAJOR = 24
// Set on the re-executed child, so that a node_modules/.bin/node of another major never loops.
const REEXEC_GUARD = 'GATEDESK_REEXECUTED'
const nodeMajor = Number(process.versions.node.split('.')[0])

// Exactly 24: a newer node cannot load native modules built for 24's ABI either.
if (nodeMajor === REQUIRED_MAJOR) {
  // V8's compiled code of the bundles, kept beside them, for this process and (through the
  // environment) the query process it forks: 0.02-0.03 CPU-s of a report-view. The module's
  // method, not a named import: an older node, which only re-executes this script, has none.
  process.env.NODE_COMPILE_CACHE ??= fileURLToPath(
    new URL('../out/cli/.compile-cache', import.meta.url),
  )
  module.enableCompileCache(process.env.NODE_COMPILE_CACHE)
  const { ensureCliBundle } = await import('../scripts/build-cli.mjs')
  const { main, terminalLanguage } = await import(await ensureCliBundle())
  process.exitCode = await main(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    stderrIsTerminal: process.stderr.isTTY === true,
    // Russian when LC_ALL, LC_MESSAGES or LANG says so, else English.
    language: terminalLanguage(),
  })
} else {
  const projectNode = fileURLToPath(
    new URL(
      process.platform === 'win32'
        ? '../node_modules/node/bin/node.exe'
        : '../node_modules/.bin/node',
      import.meta.url,
    ),
  )
  if (process.env[REEXEC_GUARD] === '1' || !existsSync(projectNode)) {
    process.stderr.write(
      `gatedesk needs Node ${REQUIRED_MAJOR}, not ${process.version}: run "npm ci" in the GateDesk clone to install the project's own Node ${REQUIRED_MAJOR} into node_modules, then run gatedesk again.\n`,
    )
    process.exit(1)
  }
  runOnProjectNode(projectNode)
}

/** Runs this same command on `node`, with its exit code or signal passed through. */
function runOnProjectNode(node) {
  const child = spawn(node, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, [REEXEC_GUARD]: '1' },
  })
  // Ctrl+C and a closing terminal signal the whole foreground group, the command too: this
  // process only waits for it to finish. A SIGTERM sent to this process alone is passed on.
  const handlers = {
    SIGINT: () => {},
    SIGHUP: () => {},
    SIGTERM: () => child.kill('SIGTERM'),
  }
  for (const [signal, handler] of Object.entries(handlers)) process.on(signal, handler)
  child.on('error', (error) => {
    process.stderr.write(`gatedesk: cannot start ${node} (${error.message})\n`)
    process.exit(1)
  })
  child.on('exit', (code, signal) => {
    for (const [each, handler] of Object.entries(handlers)) process.off(each, handler)
    // Ended by a signal: end this process by the same one, so the shell sees it; where a
    // handler of node's own keeps it alive (SIGSEGV), exit 128+n as a shell would report.
    if (signal !== null) process.kill(process.pid, signal)
    process.exit(code ?? 128 + (constants.signals[signal] ?? 0))
  })
}
