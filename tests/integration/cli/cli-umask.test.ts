import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DATA_DIR_VARIABLE } from '../../../main/platform/db/data-dir'

const bin = new URL('../../../bin/gatedesk.js', import.meta.url).pathname
const dir = mkdtempSync(join(tmpdir(), 'gatedesk-cli-umask-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Every file and folder under `root`, with its permission bits. */
function modesUnder(root: string): Record<string, string> {
  const modes: Record<string, string> = {}
  for (const entry of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    modes[entry] = (statSync(join(root, entry)).mode & 0o777).toString(8)
  }
  return modes
}

describe('the command line', () => {
  it("creates its files for the user alone, as the app does, whatever the shell's umask", async () => {
    const stateDir = join(dir, 'sandbox')
    // A shell whose umask lets others read what it creates; the sandbox writes its connection
    // file, certificate and public key without a mode of their own.
    const sandbox = spawn(
      'sh',
      ['-c', 'umask 022 && exec "$0" "$@"', process.execPath, bin, 'sandbox'].concat([
        '--state-dir',
        stateDir,
        '--port',
        '0',
      ]),
      { env: { ...process.env, [DATA_DIR_VARIABLE]: join(dir, 'data') } },
    )
    try {
      await new Promise<void>((resolve, reject) => {
        let banner = ''
        sandbox.stdout.setEncoding('utf8')
        sandbox.stdout.on('data', (text: string) => {
          banner += text
          if (banner.includes('Press Ctrl+C to stop.')) resolve()
        })
        sandbox.once('exit', (code) => reject(new Error(`the sandbox exited with ${code}`)))
      })
      const modes = modesUnder(stateDir)
      expect(Object.keys(modes)).toContain('sandbox.json')
      for (const [entry, mode] of Object.entries(modes)) {
        const isFolder = statSync(join(stateDir, entry)).isDirectory()
        expect(mode, entry).toBe(isFolder ? '700' : '600')
      }
    } finally {
      sandbox.kill('SIGTERM')
    }
  })
})
