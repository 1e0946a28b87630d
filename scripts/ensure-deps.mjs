#!/usr/bin/env node
// `npm start` and `npm test` install the dependencies themselves when node_modules is missing or
// differs from package-lock.json (a fresh clone, a pull that changed the lockfile), so a newcomer
// needs no step before them. `tests` installs without the Electron binary, which no test needs;
// `app` fetches that binary if an earlier install skipped it.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { runNpm } from './npm.mjs'

const target = process.argv[2]
if (target !== 'app' && target !== 'tests') {
  console.error('usage: node scripts/ensure-deps.mjs app|tests')
  process.exit(2)
}

const readPackages = (file) => JSON.parse(readFileSync(file, 'utf8')).packages

/** Whether npm's record of node_modules has every locked package at its locked version. */
function installedAsLocked() {
  let installed
  try {
    installed = readPackages('node_modules/.package-lock.json')
  } catch {
    return false
  }
  return Object.entries(readPackages('package-lock.json')).every(([path, locked]) => {
    if (path === '') return true
    const present = installed[path]
    // Optional packages for other platforms are never installed.
    return present ? present.version === locked.version : locked.optional || locked.devOptional
  })
}

function fail(message) {
  console.error(message)
  process.exit(1)
}

const systemNodeMajor = Number(process.versions.node.split('.')[0])
if (systemNodeMajor < 24) {
  console.log(
    `Node ${process.versions.node} is older than the Node 24 GateDesk needs: the npm scripts run on the project's own Node 24, installed from npm as the \`node\` package into node_modules.`,
  )
}

if (!installedAsLocked()) {
  console.log('Installing the dependencies pinned by package-lock.json (npm ci)…')
  const env =
    target === 'tests' ? { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' } : process.env
  if (runNpm(['ci', '--no-audit', '--no-fund'], env) !== 0) {
    fail('Installing the dependencies failed. Check the system packages in README.md.')
  }
}

// Electron's own install step writes path.txt once its binary is in place.
if (target === 'app' && !existsSync('node_modules/electron/path.txt')) {
  console.log('Downloading the Electron binary…')
  const install = spawnSync(process.execPath, ['node_modules/electron/install.js'], {
    stdio: 'inherit',
    env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '' },
  })
  if (install.status !== 0)
    fail('Downloading Electron failed: `npm start` needs it (`npm test` does not).')
}
