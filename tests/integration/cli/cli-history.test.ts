import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { databaseFile } from '../../../main/platform/db/data-dir'
import { openDatabase } from '../../../main/platform/db/database'
import { createHistoryRepository } from '../../../main/history/history-repository'
import { eventually } from '../../fixtures/eventually'
import { reportRequest, useTestSandbox } from '../../fixtures/sandbox'
import { cli, useCliDataDir } from '../../fixtures/cli'

const sandbox = useTestSandbox()
const { dir } = useCliDataDir('gatedesk-cli-history-')
const requestFile = join(dir, 'report.json')

beforeAll(() => {
  writeFileSync(requestFile, JSON.stringify(reportRequest({ reportName: 'From the CLI' })))
})

/** The history as the app reads it, from the same GATEDESK_DATA_DIR. */
function appHistory() {
  const db = openDatabase(databaseFile(undefined))
  try {
    return createHistoryRepository(db).search().entries
  } finally {
    db.close()
  }
}

const update = (...params: string[]) => [
  'update-recurring',
  '--connection',
  sandbox.sandbox.connectionFile,
  ...params.flatMap((param) => ['--param', param]),
]

describe("the CLI's requests in the app's history", () => {
  it('records an update before it leaves, and completes it with its outcome', async () => {
    const { service } = sandbox.sandbox
    // The sandbox holds the request for a moment: long enough to see it recorded as "sending".
    service.updateSettings({ faultDelayMs: 1_000 })
    service.injectFault('delay', 1)
    const running = cli(
      update('client-orderid=CLI-H1', 'recurring-payment-id=100001', 'amount=12.30'),
    )
    const sending = await eventually(
      () => appHistory().find((entry) => entry.orderId === 'CLI-H1'),
      'the update in the history',
    )
    expect(sending.outcome).toBe('sending')

    const { code } = await running
    expect(code).toBe(0)
    const [entry] = appHistory().filter((e) => e.orderId === 'CLI-H1')
    expect(entry).toMatchObject({
      operation: 'update-recurring-payment',
      outcome: 'approved',
      profileId: '100001',
      parameters: [
        ['client-orderid', 'CLI-H1'],
        ['recurring-payment-id', '100001'],
        ['amount', '12.30'],
      ],
    })
    expect(entry!.serialNumber).toMatch(/\S/)
    expect(entry!.environmentName).toContain(new URL(sandbox.env.baseUrl).host)
  })

  it('records a report run with its request and outcome', async () => {
    const out = join(dir, 'report.csv')
    const { code } = await cli([
      'report',
      '--connection',
      sandbox.sandbox.connectionFile,
      '--request',
      requestFile,
      '--out',
      out,
    ])
    expect(code).toBe(0)
    const entry = appHistory().find((e) => e.operation === 'custom-report')
    expect(entry).toMatchObject({ outcome: 'report' })
    expect(entry!.parameters).toContainEqual(['reportName', 'From the CLI'])
    expect(entry!.message).toContain(`${readFileSync(out).length} bytes`)
  })
})

describe("the CLI checks an update with the app's rules first", () => {
  it('sends nothing that breaks them, records nothing, and names the rule at its field', async () => {
    const before = sandbox.sandbox.service.recentRequests().length
    const entries = appHistory().length

    const { code, stdout } = await cli(
      update('client-orderid=CLI-H2', 'recurring-payment-id=100001', 'amount=19,90'),
    )

    expect(code).toBe(1)
    expect(stdout).toMatch(/^not-sent: Nothing was sent/)
    expect(stdout).toMatch(/\n {2}amount: .*positive amount with a dot/)
    expect(sandbox.sandbox.service.recentRequests()).toHaveLength(before)
    expect(appHistory()).toHaveLength(entries)
  })

  it('lists every broken rule in --json too', async () => {
    const { code, stdout } = await cli([
      ...update('amount=1.005', 'recurring-payment-id=100001', 'amount=2.00'),
      '--json',
    ])
    expect(code).toBe(1)
    const printed = JSON.parse(stdout)
    expect(printed.outcome).toBe('not-sent')
    expect(printed.issues.map((issue: { parameter: string }) => issue.parameter)).toEqual(
      expect.arrayContaining(['client-orderid', 'amount']),
    )
  })
})
