#!/usr/bin/env node
// keytar and better-sqlite3 are compiled for one runtime at a time: Node (tests, CLI) or
// Electron (the app). This rebuilds them for the runtime about to start, only when they were
// last built for the other one, so `npm start` and `npm test` can alternate with no manual step.
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { runNpm } from './npm.mjs'

const NATIVE_MODULES = ['keytar', 'better-sqlite3']
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
    new (require('better-sqlite3'))(':memory:').close()
    return true
  } catch {
    return false
  }
}

let wanted
let env = process.env
if (target === 'node') {
  wanted = `node-${process.versions.modules}`
  if (readStamp() === wanted || (readStamp() === null && loadsInNode())) {
    writeFileSync(STAMP, wanted)
    process.exit(0)
  }
} else {
  const electronVersion = JSON.parse(
    readFileSync('node_modules/electron/package.json', 'utf8'),
  ).version
  wanted = `electron-${electronVersion}`
  if (readStamp() === wanted) process.exit(0)
  // The variables Electron documents for building native modules with npm.
  env = {
    ...process.env,
    npm_config_runtime: 'electron',
    npm_config_target: electronVersion,
    npm_config_disturl: 'https://electronjs.org/headers',
    npm_config_nodedir: '',
  }
}

console.log(`Building ${NATIVE_MODULES.join(' and ')} for ${wanted} (once per switch of runtime)…`)
if (runNpm(['rebuild', ...NATIVE_MODULES], env) !== 0) {
  console.error(
    `Could not build ${NATIVE_MODULES.join(' and ')} for ${wanted}. Check the system packages in README.md (a C++ toolchain, Python 3, and libsecret on Linux).`,
  )
  process.exit(1)
}
writeFileSync(STAMP, wanted)
