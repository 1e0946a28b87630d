#!/usr/bin/env node
// keytar is compiled for one runtime at a time: Node (tests, CLI) or Electron (the app).
// (better-sqlite3 13 ships Node-API binaries that load in both, so it needs no rebuild.) This rebuilds them for the runtime about to start, only when they were
// last built for the other one, so `npm start` and `npm test` can alternate with no manual step.
import { existsSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { runNpm } from './npm.mjs'

const NATIVE_MODULES = ['keytar']
const STAMP = 'node_modules/.gatedesk-native-runtime'
const target = process.argv[2]
if (target !== 'node' && target !== 'electron') {
  console.error('usage: node scripts/ensure-native.mjs node|electron')
  process.exit(2)
}

const require = createRequire(import.meta.url)
const readStamp = () => {
  try {
    return readFileSync(STAMP, 'utf8').trim()
  } catch {
    return null
  }
}

function loadsInNode() {
  try {
    for (const name of NATIVE_MODULES) require(name)
    return true
  } catch {
    return false
  }
}

/**
 * The folder holding this Node's own headers (include/node/node.h), if it ships them: an
 * official build has them beside bin/, the npm package `node` in its platform package.
 */
function ownNodeHeaders() {
  const prefix = dirname(dirname(realpathSync(process.execPath)))
  const platformPackages = join(prefix, 'node_modules')
  const candidates = [
    prefix,
    ...(existsSync(platformPackages) ? readdirSync(platformPackages) : [])
      .filter((name) => name.startsWith('node-'))
      .map((name) => join(platformPackages, name)),
  ]
  return candidates.find((dir) => existsSync(join(dir, 'include', 'node', 'node.h')))
}

let wanted
let env = process.env
if (target === 'node') {
  wanted = `node-${process.versions.modules}`
  if (readStamp() === wanted || (readStamp() === null && loadsInNode())) {
    writeFileSync(STAMP, wanted)
    process.exit(0)
  }
  // Build against the headers of the Node that runs the tests: a user-wide nodedir (e.g. the
  // system Node's) would give the wrong ABI under the project's own Node (see README).
  let headers = ownNodeHeaders()
  // A later `npm install` prunes the platform package that holds the npm Node's headers:
  // re-running its install script brings it back.
  if (!headers && process.execPath.includes(join('node_modules', 'node', 'bin'))) {
    runNpm(['rebuild', 'node'])
    headers = ownNodeHeaders()
  }
  if (headers) env = { ...process.env, npm_config_nodedir: headers }
}

console.log(`Building ${NATIVE_MODULES.join(' and ')} for ${wanted} (once per switch of runtime)…`)
if (runNpm(['rebuild', ...NATIVE_MODULES], env) !== 0) {
  console.error(
    `Could not build ${NATIVE_MODULES.join(' and ')} for ${wanted}. Check the system packages in README.md (a C++ toolchain, Python 3, and libsecret on Linux).`,
  )
  process.exit(1)
}
writeFileSync(STAMP, wanted)
