import { execFile, execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { DATA_DIR_VARIABLE } from '../../../main/platform/db/data-dir'
import { reportRequest, useTestSandbox } from '../../fixtures/sandbox'

// `node bin/gatedesk.js` started by the system's node, older than the project's Node 24, runs the
// command on Node 24 rather than crashing in a native module (SIGSEGV, nothing printed).
const run = promisify(execFile)
const bin = new URL('../../../bin/gatedesk.js', import.meta.url).pathname

/** A node older than 24 on this machine, outside the project's node_modules, if any. */
function olderNode(): string | undefined {
  const onPath = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => dir !== '' && !dir.includes('node_modules'))
    .map((dir) => join(dir, 'node'))
  return [...onPath, '/usr/bin/node', '/usr/local/bin/node'].find((candidate) => {
    if (!existsSync(candidate)) return false
    const version = execFileSync(candidate, ['-p', 'process.versions.node'], { encoding: 'utf8' })
    return Number(version.split('.')[0]) < 24
  })
}

const oldNode = olderNode()
const runOnOldNode = (args: string[], env: NodeJS.ProcessEnv = process.env) =>
  run(oldNode!, [bin, ...args], { env }).then(
    ({ stdout, stderr }) => ({ code: 0, signal: null, stdout, stderr }),
    (error: { code: number | null; signal: string | null; stdout: string; stderr: string }) =>
      error,
  )

describe.skipIf(oldNode === undefined)(
  'bin/gatedesk.js started by a node older than 24 (skipped on a machine without one)',
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'gatedesk-cli-older-node-'))
    const sandbox = useTestSandbox()
    afterAll(() => rmSync(dir, { recursive: true, force: true }))

    it('runs "report" on the project\'s Node 24', async () => {
      const requestFile = join(dir, 'report.json')
      const out = join(dir, 'report.csv')
      writeFileSync(requestFile, JSON.stringify(reportRequest()))
      const args = [
        'report',
        '--connection',
        sandbox.sandbox.connectionFile,
        '--request',
        requestFile,
      ]
      // Its history goes here, not to the user's own.
      const env = { ...process.env, [DATA_DIR_VARIABLE]: join(dir, 'data') }
      const result = await runOnOldNode([...args, '--out', out], env)
      expect(result).toMatchObject({ code: 0, signal: null })
      expect(result.stdout).toBe(`Saved a CSV report of ${statSync(out).size} bytes to ${out}\n`)
    })

    it("passes the command's exit code and messages through", async () => {
      const result = await runOnOldNode(['sandbox', 'advance', '--state-dir', sandbox.dir])
      expect(result).toMatchObject({ code: 2, signal: null })
      expect(result.stderr).toContain('--days is required')
    })

    it('names Node 24 in one line, and how to get it, when it cannot run on it', async () => {
      // As if the project's node were older than 24 too: run once more, never in a loop.
      const result = await runOnOldNode(['--help'], { ...process.env, GATEDESK_REEXECUTED: '1' })
      expect(result).toMatchObject({ code: 1, signal: null, stdout: '' })
      expect(result.stderr).toMatch(
        /^gatedesk needs Node 24, not v\d+\.\d+\.\d+: run "npm ci" in the GateDesk clone[^\n]*\n$/,
      )
    })
  },
)

describe('bin/gatedesk.js started by a node newer than 24', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gatedesk-cli-newer-node-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  // Node 24 made to say it is 26 (no Node 26 is at hand): a newer node cannot load the native
  // modules built for 24 either. The project's node it runs the command on, told by the guard
  // variable, says so on stderr and stays 24.
  const newer = join(dir, 'as-node-26.mjs')
  writeFileSync(
    newer,
    `if (process.env.GATEDESK_REEXECUTED === '1') process.stderr.write('on the project node\\n')
else {
  Object.defineProperty(process.versions, 'node', { value: '26.0.0' })
  Object.defineProperty(process, 'version', { value: 'v26.0.0' })
}
`,
  )

  it("runs the command on the project's Node 24", async () => {
    const { stdout, stderr } = await run(process.execPath, ['--import', newer, bin, '--help'])
    expect(stdout).toMatch(/^Usage: gatedesk <command>/)
    expect(stderr).toBe('on the project node\n')
  })
})
