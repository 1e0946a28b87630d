import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { main } from '../../main/cli/main'

const run = promisify(execFile)
const bin = new URL('../../bin/gatedesk.js', import.meta.url).pathname
const dir = mkdtempSync(join(tmpdir(), 'gatedesk-keygen-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function cli(args: string[]) {
  let stdout = ''
  let stderr = ''
  const code = await main(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) })
  return { code, stdout, stderr }
}

/** The fingerprint as support computes it with openssl, from the private key file. */
async function opensslFingerprint(privateFile: string): Promise<string> {
  const script = `openssl rsa -in "$1" -pubout -outform DER 2>/dev/null | openssl dgst -sha256 -c`
  const { stdout } = await run('sh', ['-c', script, 'sh', privateFile])
  return stdout.trim().split('= ')[1]!.toUpperCase()
}

describe('gatedesk keygen', () => {
  it('writes a 4096-bit pair that openssl accepts, and prints the fingerprint openssl computes', async () => {
    const out = join(dir, 'new', 'keys')
    const { stdout } = await run(process.execPath, [bin, 'keygen', '--out', out])
    const privateFile = join(out, 'private.pem')
    const publicFile = join(out, 'public.pem')
    expect(statSync(privateFile).mode & 0o777).toBe(0o600)
    expect(readFileSync(privateFile, 'utf8')).toMatch(/^-----BEGIN RSA PRIVATE KEY-----\n/)
    expect(readFileSync(publicFile, 'utf8')).toMatch(/^-----BEGIN PUBLIC KEY-----\n/)
    const check = await run('openssl', ['rsa', '-in', privateFile, '-check', '-noout', '-text'])
    expect(check.stdout).toContain('RSA key ok')
    expect(check.stdout).toMatch(/Private-Key: \(4096 bit/)
    const fingerprint = await opensslFingerprint(privateFile)
    expect(stdout).toContain(`SHA-256 fingerprint: ${fingerprint}\n`)
    // The public file is the private key's public half, as support will compute it.
    const { stdout: derived } = await run('openssl', ['rsa', '-in', privateFile, '-pubout'])
    expect(readFileSync(publicFile, 'utf8')).toBe(derived)
  })

  it('makes 2048-bit keys on request', async () => {
    const out = join(dir, 'small')
    expect((await cli(['keygen', '--bits', '2048', '--out', out])).code).toBe(0)
    const { stdout } = await run('openssl', [
      'rsa',
      '-in',
      join(out, 'private.pem'),
      '-check',
      '-noout',
      '-text',
    ])
    expect(stdout).toMatch(/Private-Key: \(2048 bit/)
  })

  it('never replaces existing key files', async () => {
    const out = join(dir, 'existing')
    const first = await cli(['keygen', '--bits', '2048', '--out', out])
    expect(first.code).toBe(0)
    const before = readFileSync(join(out, 'private.pem'), 'utf8')
    const again = await cli(['keygen', '--bits', '2048', '--out', out])
    expect(again.code).toBe(1)
    expect(again.stderr).toBe(
      `gatedesk keygen: ${join(out, 'private.pem')} already exists: GateDesk never replaces a key file. Choose another --out folder, or move the old keys away first.\n`,
    )
    expect(readFileSync(join(out, 'private.pem'), 'utf8')).toBe(before)
  })

  it('refuses a missing --out and a key size other than 4096 or 2048', async () => {
    const noOut = await cli(['keygen'])
    expect(noOut.code).toBe(2)
    expect(noOut.stderr).toContain('--out DIR is required')
    const small = await cli(['keygen', '--bits', '1024', '--out', join(dir, 'weak')])
    expect(small.code).toBe(2)
    expect(small.stderr).toContain('--bits must be 4096 or 2048, not "1024"')
    expect(existsSync(join(dir, 'weak'))).toBe(false)
  })
})
