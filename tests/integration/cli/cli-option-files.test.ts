import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { cli } from '../../fixtures/cli'

// A file named by a command-line option (a request, a connection file, parameters, a key, a
// passphrase) is read only if it is a regular file: a pipe no program writes to was waited on
// forever, and a device such as /dev/zero read without end (/dev/null stands for devices here).
// Each is refused before a byte is read, saying which option named it and what to give instead.
const dir = mkdtempSync(join(tmpdir(), 'gatedesk-cli-option-files-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
// A pipe no program writes to: a read of it waits for a writer that never comes.
const pipe = join(dir, 'pipe')
execFileSync('mkfifo', [pipe])
const missing = join(dir, 'missing.json')

const NOT_REGULAR = 'cannot read the file (it is a pipe, a device or a socket, not a regular file)'

describe('a file named on the command line that is not a regular file', () => {
  it.each([
    ['report --request', ['report', '--connection', missing, '--out', join(dir, 'r.csv')]],
    ['update-recurring --connection', ['update-recurring', '--param', 'amount=1.00']],
    ['sign --control-key-file', ['sign', '--signature-method', 'HMAC-SHA1', '--url', 'https://h/']],
  ])('is refused, a pipe and a device alike: %s', async (label, args) => {
    const option = label.split(' ')[1]!
    for (const path of [pipe, '/dev/null']) {
      const extra = option === '--control-key-file' ? ['--consumer-key', 'merchant'] : []
      const { code, stdout, stderr } = await cli([...args, ...extra, option, path])
      expect(code).toBe(1)
      expect(stdout).toBe('')
      expect(stderr).toContain(`${option} ${path}: ${NOT_REGULAR}: save the content in a file`)
    }
  })

  it.each([
    ['update-recurring --params-file', ['update-recurring', '--connection', missing]],
    ['keygen --passphrase-file', ['keygen', '--out', join(dir, 'keys')]],
  ])('is refused, pointing to standard input: %s', async (label, args) => {
    const option = label.split(' ')[1]!
    const { code, stdout, stderr } = await cli([...args, option, pipe])
    expect(code).toBe(1)
    expect(stdout).toBe('')
    expect(stderr).toContain(`${option} ${pipe}: ${NOT_REGULAR}: give ${option} - to read standard`)
  })
})
