import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { main } from '../../../main/cli/main'
import { DATA_DIR_VARIABLE } from '../../../main/platform/db/data-dir'
import { useTestSandbox } from '../../fixtures/sandbox'

// A request `gatedesk update-recurring` refuses names each field and the rule it breaks, in the
// text and in --json, the expired card included (a rule that depends on today's date).
const dir = mkdtempSync(join(tmpdir(), 'gatedesk-cli-rules-'))
process.env[DATA_DIR_VARIABLE] = join(dir, 'data')
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const sandbox = useTestSandbox()

const expiredCardFile = join(dir, 'expired.txt')
writeFileSync(
  expiredCardFile,
  [
    'client-orderid=ORD-EXPIRED',
    'recurring-payment-id=100001',
    'amount=19.90',
    'credit-card-number=4111111111111111',
    'card-printed-name=ANNA ONEIL',
    'expire-year=2020',
    'expire-month=06',
    'cvv2=123',
  ].join('\n'),
)

async function updateRecurring(extra: string[]) {
  let stdout = ''
  let stderr = ''
  const args = ['update-recurring', '--connection', sandbox.sandbox.connectionFile, ...extra]
  const code = await main(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) })
  return { code, stdout, stderr }
}

const expiredRule = /the card expired at the end of 06\/2020: enter the expiry date of a card/

describe('gatedesk update-recurring refuses an expired card, naming the field and the rule', () => {
  it('in the text', async () => {
    const { code, stdout } = await updateRecurring(['--params-file', expiredCardFile])
    expect(code).toBe(1)
    const [headline, ...details] = stdout.trimEnd().split('\n')
    expect(headline).toMatch(/^not-sent: Nothing was sent: .* the gateway's rules/)
    expect(details).toHaveLength(1)
    expect(details[0]).toMatch(/^ {2}expire-year, expire-month: /)
    expect(details[0]).toMatch(expiredRule)
  })

  it('in --json "issues"', async () => {
    const { code, stdout } = await updateRecurring(['--params-file', expiredCardFile, '--json'])
    expect(code).toBe(1)
    const printed = JSON.parse(stdout) as { outcome: string; issues?: unknown[] }
    expect(printed.outcome).toBe('not-sent')
    expect(printed.issues).toEqual([
      expect.objectContaining({
        parameter: 'expire-year',
        code: 'card-expired',
        message: expect.stringMatching(expiredRule),
      }),
    ])
  })
})
