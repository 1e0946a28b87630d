// `npm start` and `npm test` first run scripts/ensure-deps.mjs: these run it for real in a
// throwaway project, with npm_execpath (the npm that `npm run` names) set to a stand-in npm that
// records its calls and installs by copying the lockfile, as npm ci leaves npm's record.
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const script = new URL('../../../scripts/ensure-deps.mjs', import.meta.url).pathname

const FAKE_NPM = `
const { appendFileSync, copyFileSync, mkdirSync } = require('node:fs')
appendFileSync('npm-calls.log', JSON.stringify({
  args: process.argv.slice(2),
  skipElectron: process.env.ELECTRON_SKIP_BINARY_DOWNLOAD ?? null,
}) + '\\n')
if (process.env.FAKE_NPM_FAILS) process.exit(1)
mkdirSync('node_modules', { recursive: true })
copyFileSync('package-lock.json', 'node_modules/.package-lock.json')
`
const FAKE_ELECTRON_INSTALL = `
require('node:fs').writeFileSync(__dirname + '/path.txt', 'electron')
`

const lockfile = {
  name: 'demo',
  lockfileVersion: 3,
  packages: {
    '': { name: 'demo' },
    'node_modules/vue': { version: '3.5.45' },
    'node_modules/@rollup/rollup-darwin-arm64': { version: '4.67.4', optional: true },
  },
}

let project: string
beforeEach(() => {
  project = mkdtempSync(join(tmpdir(), 'gatedesk-deps-'))
  writeFileSync(join(project, 'package-lock.json'), JSON.stringify(lockfile))
  writeFileSync(join(project, 'fake-npm.cjs'), FAKE_NPM)
})
afterEach(() => rmSync(project, { recursive: true, force: true }))

function installed(packages: Record<string, { version: string }>) {
  mkdirSync(join(project, 'node_modules'), { recursive: true })
  writeFileSync(join(project, 'node_modules/.package-lock.json'), JSON.stringify({ packages }))
}

async function ensureDeps(target: string, env: Record<string, string> = {}) {
  const result = await run(process.execPath, [script, target], {
    cwd: project,
    env: { ...process.env, npm_execpath: join(project, 'fake-npm.cjs'), ...env },
  }).then(
    (done) => ({ code: 0, ...done }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  )
  const log = join(project, 'npm-calls.log')
  const npmCalls = existsSync(log)
    ? readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { args: string[]; skipElectron: string | null })
    : []
  return { ...result, npmCalls }
}

describe('scripts/ensure-deps.mjs', () => {
  it('installs with npm ci on a fresh clone, without the Electron binary for the tests', async () => {
    const { code, npmCalls } = await ensureDeps('tests')
    expect(code).toBe(0)
    expect(npmCalls).toEqual([{ args: ['ci', '--no-audit', '--no-fund'], skipElectron: '1' }])
  })

  it('does nothing when every locked package is installed, other platforms’ builds aside', async () => {
    installed({ 'node_modules/vue': { version: '3.5.45' } })
    const { code, npmCalls } = await ensureDeps('tests')
    expect(code).toBe(0)
    expect(npmCalls).toEqual([])
  })

  it('reinstalls when the lockfile pins a version other than the installed one', async () => {
    installed({ 'node_modules/vue': { version: '3.5.44' } })
    const { npmCalls } = await ensureDeps('tests')
    expect(npmCalls.map((call) => call.args[0])).toEqual(['ci'])
  })

  it('says what to check and fails when the install fails', async () => {
    const { code, stderr } = await ensureDeps('tests', { FAKE_NPM_FAILS: '1' })
    expect(code).toBe(1)
    expect(stderr).toContain('Check the system packages in README.md')
  })

  it('fetches the Electron binary for the app when an install for the tests skipped it', async () => {
    installed({ 'node_modules/vue': { version: '3.5.45' } })
    const electron = join(project, 'node_modules/electron')
    mkdirSync(electron)
    writeFileSync(join(electron, 'install.js'), FAKE_ELECTRON_INSTALL)
    const { code, npmCalls } = await ensureDeps('app')
    expect(code).toBe(0)
    expect(npmCalls).toEqual([])
    expect(readFileSync(join(electron, 'path.txt'), 'utf8')).toBe('electron')
  })

  it('refuses an unknown target', async () => {
    const { code, stderr } = await ensureDeps('everything')
    expect(code).toBe(2)
    expect(stderr).toContain('usage: node scripts/ensure-deps.mjs app|tests')
  })
})
