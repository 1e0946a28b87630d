import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { signRequest } from '../../../main/platform/gateway/oauth1'
import { CARD_NUMBER, CVV2, leaks, SSN } from '../../fixtures/cli-card-data'
import { cli } from '../../fixtures/cli'

// `gatedesk sign` takes card data as `update-recurring` does: never on the command line, where
// ps and the shell history show it, but from --params-file; and what it prints is masked unless
// --unmasked, while the signature is always the one of the real values.
const bin = new URL('../../../bin/gatedesk.js', import.meta.url).pathname
const dir = mkdtempSync(join(tmpdir(), 'gatedesk-cli-sign-card-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const URL_SIGNED = 'https://gate.example.com/gw/api/v4/update-recurring-payment/1234'
const CONTROL_KEY = 'B17F59B4-A7DC-41B4-8FF9-37D6D7F0BA56'
const controlKeyFile = join(dir, 'control-key')
writeFileSync(controlKeyFile, `${CONTROL_KEY}\n`)
const paramsFile = join(dir, 'card.txt')
const cardLines = [
  '# the new card',
  `credit-card-number=${CARD_NUMBER}`,
  `cvv2=${CVV2}`,
  `ssn=${SSN}`,
]
writeFileSync(paramsFile, cardLines.join('\n'))

const signArgs = [
  'sign',
  '--signature-method',
  'HMAC-SHA1',
  '--url',
  URL_SIGNED,
  '--consumer-key',
  'merchant',
  '--control-key-file',
  controlKeyFile,
  '--nonce',
  'n-1',
  '--timestamp',
  '1700000000',
  '--param',
  'client-orderid=ORD-1',
]

/** The signature of the real values, as the gateway computes it. */
const realSignature = signRequest({
  url: URL_SIGNED,
  signedParameters: [
    ['credit-card-number', CARD_NUMBER],
    ['cvv2', CVV2],
    ['ssn', SSN],
    ['client-orderid', 'ORD-1'],
  ],
  credentials: { method: 'HMAC-SHA1', consumerKey: 'merchant', controlKey: CONTROL_KEY },
  nonce: 'n-1',
  timestamp: '1700000000',
}).signature

describe('gatedesk sign and card data', () => {
  it('refuses card data as --param or in --body, saying to use --params-file', async () => {
    for (const given of [
      ['--param', `credit-card-number=${CARD_NUMBER}`],
      ['--param', `cvv2=${CVV2}`],
      ['--param', `ssn=${SSN}`],
      ['--body', `client-orderid=ORD-1&credit_card_number=${CARD_NUMBER}`],
    ]) {
      const args = signArgs.filter((arg) => arg !== '--param' && arg !== 'client-orderid=ORD-1')
      const { code, stdout, stderr } = await cli([...args, ...given])
      expect(code).toBe(2)
      expect(stdout).toBe('')
      expect(stderr).toMatch(/must not be given on the command line/)
      expect(stderr).toContain(`--params-file FILE (- reads standard input) instead of ${given[0]}`)
      expect(leaks(stderr)).toEqual([])
    }
  })

  it('never quotes card data in a refusal of a --param or --body it cannot read', async () => {
    const args = signArgs.filter((arg) => arg !== '--param' && arg !== 'client-orderid=ORD-1')
    for (const [given, refusal] of [
      [['--param', CARD_NUMBER], '--param "411111******1111" must look like name=value'],
      [
        ['--body', `client-orderid=ORD-1&credit-card-number=${CARD_NUMBER}%G1`],
        '--body: the value of credit-card-number has a malformed %-escape',
      ],
    ] as const) {
      const { code, stdout, stderr } = await cli([...args, ...given])
      expect(code).toBe(2)
      expect(stdout).toBe('')
      expect(stderr).toContain(refusal)
      expect(leaks(stderr)).toEqual([])
    }
  })

  it('masks the card data of --params-file in the text, and signs the real values', async () => {
    const { code, stdout, stderr } = await cli([...signArgs, '--params-file', paramsFile])
    expect(code).toBe(0)
    expect(leaks(stdout)).toEqual([])
    expect(stdout).toContain('credit-card-number=411111%2A%2A%2A%2A%2A%2A1111')
    expect(stdout).toContain(`Signature (base64):\n${realSignature}\n`)
    expect(stderr).toMatch(
      /^note: card data is masked in what is printed; the signature is computed over the real values/,
    )
  })

  it('masks it in --json too', async () => {
    const { code, stdout } = await cli([...signArgs, '--params-file', paramsFile, '--json'])
    expect(code).toBe(0)
    expect(leaks(stdout)).toEqual([])
    const printed = JSON.parse(stdout) as { baseString: string; signature: string }
    expect(printed.signature).toBe(realSignature)
    expect(printed.baseString).toContain('cvv2%3D%252A%252A%252A')
  })

  it('prints it in full with --unmasked, warning on stderr', async () => {
    const args = [...signArgs, '--params-file', paramsFile, '--unmasked']
    const { code, stdout, stderr } = await cli(args)
    expect(code).toBe(0)
    expect(stdout).toContain(`credit-card-number=${CARD_NUMBER}`)
    expect(stdout).toContain(`Signature (base64):\n${realSignature}\n`)
    expect(stderr).toMatch(/^warning: --unmasked prints card numbers, cvv2 and SSNs in full/)
  })

  it('reads --params-file - from standard input (through the real bin)', async () => {
    const child = spawn(process.execPath, [bin, ...signArgs, '--params-file', '-', '--json'])
    let stdout = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk))
    child.stdin.end(cardLines.join('\n'))
    const code = await new Promise((resolve) => child.on('close', resolve))
    expect(code).toBe(0)
    expect(leaks(stdout)).toEqual([])
    expect((JSON.parse(stdout) as { signature: string }).signature).toBe(realSignature)
  })
})
