import { execFile, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { importRsaPrivateKey } from '../../../main/environments/keys/rsa-key-import'
import { cli } from '../../fixtures/cli'

const run = promisify(execFile)
const bin = new URL('../../../bin/gatedesk.js', import.meta.url).pathname
const dir = mkdtempSync(join(tmpdir(), 'gatedesk-keygen-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

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

  it('warns on stderr that the private key it wrote is unencrypted', async () => {
    const out = join(dir, 'plain')
    const { code, stderr } = await cli(['keygen', '--bits', '2048', '--out', out])
    expect(code).toBe(0)
    expect(stderr).toBe(
      `warning: ${join(out, 'private.pem')} holds the private key unencrypted: anyone who can read the file can sign as you. Import it into GateDesk (which keeps it in the OS keychain) and delete the file, or generate the pair again with --passphrase-file.\n`,
    )
  })
})

describe('gatedesk keygen --passphrase-file', () => {
  const passphrase = 'correct horse battery staple'
  const passphraseFile = join(dir, 'passphrase.txt')
  writeFileSync(passphraseFile, `${passphrase}\n`)

  it('writes an encrypted PKCS#8 key (0600) that the app imports with the passphrase', async () => {
    const out = join(dir, 'encrypted')
    const args = ['keygen', '--bits', '2048', '--out', out, '--passphrase-file', passphraseFile]
    const { code, stdout, stderr } = await cli(args)
    expect(code).toBe(0)
    expect(stderr).toBe('')
    const privateFile = join(out, 'private.pem')
    expect(statSync(privateFile).mode & 0o777).toBe(0o600)
    const privateKeyPem = readFileSync(privateFile, 'utf8')
    expect(privateKeyPem).toMatch(/^-----BEGIN ENCRYPTED PRIVATE KEY-----\n/)
    expect(stdout).toContain('PKCS#8 PEM encrypted with your passphrase, mode 0600')
    const { fingerprint } = importRsaPrivateKey({ privateKeyPem, passphrase })
    expect(stdout).toContain(`SHA-256 fingerprint: ${fingerprint}\n`)
    expect(() => importRsaPrivateKey({ privateKeyPem, passphrase: 'not the passphrase' })).toThrow(
      /passphrase does not open this private key/,
    )
    // With the backups' 600,000 PBKDF2 iterations, which openssl reads from the file.
    const { stdout: parsed } = await run('openssl', ['asn1parse', '-in', privateFile])
    expect(parsed).toMatch(/INTEGER\s*:0927C0\n/)
    expect(parsed).toContain(':aes-256-cbc')
    const opened = await run('openssl', [
      'rsa',
      '-in',
      privateFile,
      '-passin',
      `file:${passphraseFile}`,
      '-check',
      '-noout',
    ])
    expect(opened.stdout).toContain('RSA key ok')
  })

  it('reads the passphrase from standard input with "-" (through the real bin)', async () => {
    const out = join(dir, 'encrypted-stdin')
    const child = spawn(process.execPath, [
      bin,
      'keygen',
      '--bits',
      '2048',
      '--out',
      out,
      '--passphrase-file',
      '-',
    ])
    child.stdin.end(passphrase)
    expect(await new Promise((resolve) => child.on('close', resolve))).toBe(0)
    const privateKeyPem = readFileSync(join(out, 'private.pem'), 'utf8')
    expect(() => importRsaPrivateKey({ privateKeyPem, passphrase })).not.toThrow()
  })

  it('refuses a passphrase shorter than 12 characters, writing nothing', async () => {
    const short = join(dir, 'short.txt')
    writeFileSync(short, 'too short\n')
    const out = join(dir, 'weak-passphrase')
    const { code, stderr } = await cli(['keygen', '--out', out, '--passphrase-file', short])
    expect(code).toBe(1)
    expect(stderr).toContain(
      `--passphrase-file ${short}: The backup passphrase must have at least 12 characters`,
    )
    expect(existsSync(join(out, 'private.pem'))).toBe(false)
  })
})
