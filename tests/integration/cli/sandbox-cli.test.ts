import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATA_DIR_VARIABLE } from '../../../main/platform/db/data-dir'
import { parseQuotedCsv, reportRequest } from '../../fixtures/sandbox'
import { cli } from '../../fixtures/cli'

const run = promisify(execFile)
const bin = new URL('../../../bin/gatedesk.js', import.meta.url).pathname
const dir = mkdtempSync(join(tmpdir(), 'gatedesk-cli-sandbox-'))
// The CLI records what it sends in the app's history: here, never the user's own.
process.env[DATA_DIR_VARIABLE] = join(dir, 'data')
const stateDir = join(dir, 'D')
const connection = join(stateDir, 'sandbox.json')
const requestFile = join(dir, 'report.json')
let server: ChildProcess
let banner = ''

const reportArgs = (out: string) => [
  'report',
  '--connection',
  connection,
  '--request',
  requestFile,
  '--out',
  out,
]

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode)
    else child.once('exit', (code) => resolve(code))
  })
}

beforeAll(async () => {
  server = spawn(process.execPath, [bin, 'sandbox', '--state-dir', stateDir, '--port', '0'])
  server.stdout!.setEncoding('utf8')
  await new Promise<void>((resolve, reject) => {
    server.stdout!.on('data', (text: string) => {
      banner += text
      if (banner.includes('Press Ctrl+C to stop.')) resolve()
    })
    server.once('exit', (code) => reject(new Error(`the sandbox exited with ${code}: ${banner}`)))
  })
  writeFileSync(requestFile, JSON.stringify(reportRequest()))
})
afterAll(async () => {
  if (server.exitCode === null) {
    server.kill('SIGTERM')
    await exited(server)
  }
  rmSync(dir, { recursive: true, force: true })
})

describe('gatedesk sandbox', () => {
  it('prints its base URL, state dir and connection file, and writes sandbox.json', () => {
    const baseUrl = /listening at (https:\/\/127\.0\.0\.1:\d+)/.exec(banner)![1]
    expect(banner).toContain(`State: ${stateDir}\n`)
    expect(banner).toContain(`Connection file: ${connection} (use it with --connection)`)
    const written = JSON.parse(readFileSync(connection, 'utf8'))
    expect(written).toEqual({
      baseUrl,
      caCertFile: join(stateDir, 'tls-certificate.pem'),
      endpointId: '1001',
      merchantLogin: 'gatedesk-demo',
      controlKeyFile: join(stateDir, 'merchant-control-key.txt'),
      privateKeyFile: join(stateDir, 'merchant-private-key.pem'),
      publicKeyFile: join(stateDir, 'merchant-public-key.pem'),
    })
  })
})

describe('gatedesk update-recurring against it', () => {
  it('prints the approval as JSON and exits 0 (through the real bin)', async () => {
    const { stdout } = await run(process.execPath, [
      bin,
      'update-recurring',
      '--connection',
      connection,
      '--param',
      'client-orderid=CLI-1',
      '--param',
      'recurring-payment-id=100001',
      '--param',
      'amount=19.90',
      '--json',
    ])
    const printed = JSON.parse(stdout)
    // English with its code and params, for scripts, whatever the terminal's language.
    expect(Object.keys(printed)).toEqual(['outcome', 'fields', 'message', 'messageCode', 'params'])
    expect(printed.outcome).toBe('approved')
    expect(printed.messageCode).toBe('update.approved')
    expect(printed.message).toBe(
      `The update was accepted (serial number ${printed.params.serial}).`,
    )
    expect(printed.fields).toMatchObject({
      type: 'update-recurring-payment-response',
      status: 'approved',
    })
  })

  it('prints the fields as named on the wire and exits 1 on a validation error', async () => {
    // Profile 100004 is a DST profile, which the gateway alone knows: period is not for it.
    const { code, stdout } = await cli([
      'update-recurring',
      '--connection',
      connection,
      '--param',
      'client-orderid=CLI-2',
      '--param',
      'recurring-payment-id=100004',
      '--param',
      'amount=5.00',
      '--param',
      'period=month',
      '--param',
      'interval=1',
    ])
    expect(code).toBe(1)
    expect(stdout).toMatch(/^validation-error: The gateway rejected the request: period /)
    expect(stdout).toContain('  error-code: 110\n')
  })

  it('exits 1 on a decline', async () => {
    const { code, stdout } = await cli([
      'update-recurring',
      '--connection',
      connection,
      '--param',
      'client-orderid=X',
      '--param',
      'recurring-payment-id=1',
      '--param',
      'amount=1.00',
      '--json',
    ])
    expect(code).toBe(1)
    expect(JSON.parse(stdout).outcome).toBe('declined')
  })

  it('explains a missing option, a bad connection file and a missing key', async () => {
    expect(await cli(['update-recurring', '--param', 'a=1'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--connection is required'),
    })
    const notJson = join(dir, 'broken.json')
    writeFileSync(notJson, '{')
    expect(
      (await cli(['update-recurring', '--connection', notJson, '--param', 'a=1'])).stderr,
    ).toContain(`--connection ${notJson}: not JSON`)
    const incomplete = join(dir, 'incomplete.json')
    writeFileSync(
      incomplete,
      JSON.stringify({ baseUrl: 'https://127.0.0.1:1', merchantLogin: 'm' }),
    )
    expect(
      (await cli(['update-recurring', '--connection', incomplete, '--param', 'a=1'])).stderr,
    ).toContain('"endpointId"')
    const keyless = join(dir, 'keyless.json')
    const withoutKey = JSON.parse(readFileSync(connection, 'utf8'))
    delete withoutKey.privateKeyFile
    writeFileSync(keyless, JSON.stringify(withoutKey))
    const result = await cli([
      'update-recurring',
      '--connection',
      keyless,
      '--param',
      'client-orderid=X',
      '--param',
      'recurring-payment-id=100001',
      '--param',
      'amount=1.00',
      '--json',
    ])
    expect(result.code).toBe(1)
    expect(JSON.parse(result.stdout)).toMatchObject({
      outcome: 'not-sent',
      message: expect.stringContaining('names no privateKeyFile'),
    })
  })
})

describe('gatedesk report against it', () => {
  it('saves the report and prints its kind, file and size', async () => {
    const out = join(dir, 'report.csv')
    const { code, stdout } = await cli([...reportArgs(out), '--json'])
    expect(code).toBe(0)
    const printed = JSON.parse(stdout)
    expect(printed).toMatchObject({
      outcome: 'report',
      kind: 'csv',
      file: out,
      bytes: readFileSync(out).length,
    })
    expect(parseQuotedCsv(readFileSync(out, 'utf8'))[0]![0]).toBe('Merchant_Name')
    const plain = await cli(reportArgs(out))
    expect(plain.stdout).toBe(`Saved a CSV report of ${printed.bytes} bytes to ${out}\n`)
  })

  it('leaves an existing --out file as it was when the gateway refuses the report', async () => {
    const wrongKey = join(dir, 'wrong-control-key.txt')
    writeFileSync(wrongKey, 'not the merchant control key')
    const refused = join(dir, 'refused.json')
    const withWrongKey = JSON.parse(readFileSync(connection, 'utf8'))
    writeFileSync(refused, JSON.stringify({ ...withWrongKey, controlKeyFile: wrongKey }))
    const out = join(dir, 'kept.csv')
    writeFileSync(out, 'last month')
    const { code, stdout } = await cli([
      'report',
      '--connection',
      refused,
      '--request',
      requestFile,
      '--out',
      out,
    ])
    expect(code).toBe(1)
    expect(stdout).toMatch(/^not-authorised: /)
    expect(readFileSync(out, 'utf8')).toBe('last month')
    expect(existsSync(`${out}.part`)).toBe(false)
  })

  it('names a request file that is not a report request', async () => {
    const bad = join(dir, 'bad-request.json')
    writeFileSync(bad, JSON.stringify({ reportIdentifier: 'transactions' }))
    const { code, stderr } = await cli([
      'report',
      '--connection',
      connection,
      '--request',
      bad,
      '--out',
      join(dir, 'x.csv'),
    ])
    expect(code).toBe(1)
    expect(stderr).toContain(`--request ${bad}: 8 things to correct, nothing was sent:`)
    expect(stderr).toContain('  reportEncode: Missing: write text here')
  })
})

describe('gatedesk sandbox advance', () => {
  it('charges what falls due while the sandbox runs, and the running sandbox sees the new date', async () => {
    const { code, stdout } = await cli([
      'sandbox',
      'advance',
      '--days',
      '7',
      '--state-dir',
      stateDir,
    ])
    expect(code).toBe(0)
    expect(stdout).toMatch(
      /^Simulated date: (\d\d\.\d\d\.\d{4}) → (\d\d\.\d\d\.\d{4})\n\d+ charge\(s\):\n/,
    )
    expect(stdout).toMatch(
      / {2}\d\d\.\d\d\.\d{4} {2}profile 100003 {2}transaction \d+ {2}\d+\.\d\d EUR {2}(approved|declined)/,
    )
    expect(stdout).toMatch(/Callbacks: \d+ delivered, 0 failed/)
    const newDate = /→ (\S+)/.exec(stdout)![1]
    const out = join(dir, 'after-advance.csv')
    await cli(reportArgs(out))
    expect(parseQuotedCsv(readFileSync(out, 'utf8'))[1]![8]).toBe(newDate)
  })

  it('stops on SIGTERM, and advance works with no sandbox running', async () => {
    server.kill('SIGTERM')
    expect(await exited(server)).toBe(0)
    expect(banner).toContain('Sandbox stopped (SIGTERM).')
    const { code, stdout } = await cli([
      'sandbox',
      'advance',
      '--days',
      '1',
      '--state-dir',
      stateDir,
    ])
    expect(code).toBe(0)
    expect(stdout).toMatch(/^Simulated date: /)
  })

  it('refuses a folder that holds no sandbox, and a wrong number of days', async () => {
    const empty = join(dir, 'empty')
    const missing = await cli(['sandbox', 'advance', '--days', '1', '--state-dir', empty])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain(`${empty} holds no sandbox`)
    expect(
      (await cli(['sandbox', 'advance', '--days', '0', '--state-dir', stateDir])).stderr,
    ).toContain('--days must be a whole number from 1 to 3660')
  })
})
