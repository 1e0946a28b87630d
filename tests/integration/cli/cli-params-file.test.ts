import { spawn } from 'node:child_process'
import { generateKeyPairSync } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATA_DIR_VARIABLE } from '../../../main/platform/db/data-dir'
import { CARD_NUMBER, CVV2, leaks, SSN } from '../../fixtures/cli-card-data'
import { startHttpsTestServer, type HttpsTestServer } from '../../fixtures/https-test-server'
import { useTestSandbox } from '../../fixtures/sandbox'
import { cli } from '../../fixtures/cli'

// Card data given to `gatedesk update-recurring` stays out of `ps` and the shell history: it
// comes from a file or standard input, and what the command prints is masked.
const bin = new URL('../../../bin/gatedesk.js', import.meta.url).pathname
const dir = mkdtempSync(join(tmpdir(), 'gatedesk-cli-params-'))
// The history the commands record goes here, not to the app's own data folder.
const dataDir = join(dir, 'data')
process.env[DATA_DIR_VARIABLE] = dataDir
const sandbox = useTestSandbox()

const paramsText = (order: string, profileId: string) =>
  [
    '# The card replacing the old one',
    `client-orderid=${order}`,
    `recurring-payment-id=${profileId}`,
    '',
    'amount=19.90',
    `credit-card-number=${CARD_NUMBER}`,
    "card-printed-name=ANNA O'NEIL",
    'expire-year=2030',
    'expire-month=12',
    `cvv2=${CVV2}`,
    `ssn=${SSN}`,
  ].join('\n')

/** Runs the real bin with `input` on its standard input. */
function runBin(args: string[], input: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [bin, ...args])
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk))
    child.on('close', (code) => resolve({ code, stdout, stderr }))
    child.stdin.end(input)
  })
}

let echo: HttpsTestServer
let echoConnection: string
beforeAll(async () => {
  // A gateway that declines, echoing the card data in its message and in a field of its own.
  echo = await startHttpsTestServer((request, response) => {
    request.resume()
    request.on('end', () =>
      response.end(
        `type=async-response\n&status=declined\n&serial-number=S-1\n&error-code=301\n&error-message=Card+4111.1111.1111.1111+(cvv2+${CVV2})+refused\n&ssn=${SSN}\n`,
      ),
    )
  })
  const privateKeyFile = join(dir, 'echo-key.pem')
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  writeFileSync(privateKeyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }))
  writeFileSync(join(dir, 'echo-ca.pem'), echo.caPem)
  echoConnection = join(dir, 'echo.json')
  writeFileSync(
    echoConnection,
    JSON.stringify({
      baseUrl: echo.url(''),
      endpointId: '1',
      merchantLogin: 'echo',
      privateKeyFile,
      caCertFile: 'echo-ca.pem',
    }),
  )
})
afterAll(async () => {
  await echo.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('gatedesk update-recurring --params-file', () => {
  it('sends the parameters of a file, card included, and the sandbox applies the card', async () => {
    const profile = sandbox.sandbox.service.profiles().find((p) => p.type === 'SRC')!
    const file = join(dir, 'update.txt')
    writeFileSync(file, paramsText('CLI-FILE-1', profile.id), { mode: 0o600 })
    const { code, stdout } = await cli([
      'update-recurring',
      '--connection',
      sandbox.sandbox.connectionFile,
      '--params-file',
      file,
    ])
    expect(stdout).toMatch(/^approved: /)
    expect(code).toBe(0)
    const updated = sandbox.sandbox.service.profiles().find((p) => p.id === profile.id)!
    expect(updated.card?.maskedNumber).toBe('411111******1111')
    expect(leaks(stdout)).toEqual([])
  })

  it('reads them from standard input with "-" (through the real bin)', async () => {
    const profile = sandbox.sandbox.service.profiles().find((p) => p.type === 'SRC')!
    const { code, stdout } = await runBin(
      ['update-recurring', '--connection', sandbox.sandbox.connectionFile, '--params-file', '-'],
      paramsText('CLI-STDIN-1', profile.id),
    )
    expect(stdout).toMatch(/^approved: /)
    expect(code).toBe(0)
  })

  it('refuses card data given as --param, saying to use --params-file, and sends nothing', async () => {
    for (const param of [
      `credit-card-number=${CARD_NUMBER}`,
      `cvv2=${CVV2}`,
      `ssn=${SSN}`,
      `credit_card_number=${CARD_NUMBER}`,
    ]) {
      const { code, stderr } = await cli([
        'update-recurring',
        '--connection',
        echoConnection,
        '--param',
        'client-orderid=CLI-ARG-1',
        '--param',
        param,
      ])
      expect(code).toBe(2)
      expect(stderr).toContain(`${param.split('=')[0]} must not be given on the command line`)
      expect(stderr).toContain('--params-file')
      expect(leaks(stderr)).toEqual([])
    }
    expect(echo.connections()).toBe(0)
  })

  it('names the line of a file that is not name=value, without showing it', async () => {
    const file = join(dir, 'broken.txt')
    writeFileSync(file, `client-orderid=X\n${CARD_NUMBER}\n`)
    const { code, stderr } = await cli([
      'update-recurring',
      '--connection',
      echoConnection,
      '--params-file',
      file,
    ])
    expect(code).toBe(1)
    expect(stderr).toContain(`--params-file ${file}: line 2 is not name=value`)
    expect(leaks(stderr)).toEqual([])
  })

  it('masks the card data a gateway echoes, in text and in JSON', async () => {
    const file = join(dir, 'echoed.txt')
    writeFileSync(file, paramsText('CLI-ECHO-1', '1'))
    for (const json of [[], ['--json']]) {
      const { code, stdout } = await cli([
        'update-recurring',
        '--connection',
        echoConnection,
        '--params-file',
        file,
        ...json,
      ])
      expect(code).toBe(1)
      expect(stdout).toContain('4111.11**.****.1111')
      expect(stdout).toContain('***-**-1120')
      expect(leaks(stdout)).toEqual([])
    }
    // Nor does the history the command recorded hold any of it.
    const stored = readdirSync(dataDir)
      .map((name) => readFileSync(join(dataDir, name)).toString('latin1'))
      .join('\n')
    expect(stored).toContain('Card 4111.11**.****.1111 (cvv2 ****) refused')
    expect(leaks(stored)).toEqual([])
  })
})
