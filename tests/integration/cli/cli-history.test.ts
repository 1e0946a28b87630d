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

describe('gatedesk history: what was sent, from the command line', () => {
  it("lists this desk's entries newest first, narrowed by profile, order part and outcome", async () => {
    for (const [order, amount] of [
      ['CLI-LIST-1', '5.00'],
      ['CLI-LIST-2', '6.00'],
    ]) {
      const sent = await cli(
        update(`client-orderid=${order}`, 'recurring-payment-id=100002', `amount=${amount}`),
      )
      expect(sent.code, sent.stderr).toBe(0)
    }
    const listed = await cli(['history', '--profile', '100002', '--json'])
    expect(listed.code, listed.stderr).toBe(0)
    const { workspace, total, entries } = JSON.parse(listed.stdout) as {
      workspace: string
      total: number
      entries: { orderId: string; outcome: string; sender: null }[]
    }
    expect({ workspace, total }).toEqual({ workspace: 'local', total: 2 })
    expect(entries.map((entry) => entry.orderId)).toEqual(['CLI-LIST-2', 'CLI-LIST-1'])
    expect(entries[0]).toMatchObject({ outcome: 'approved', sender: null })

    const found = await cli(['history', '--find', 'LIST-1', '--limit', '1'])
    expect(found.stdout).toMatch(
      /^Entries 1 of 1, newest first\n.*Recurring update .*order CLI-LIST-1/,
    )
    expect(found.stdout).not.toContain('sent by')
    const declined = await cli(['history', '--profile', '100002', '--outcome', 'declined'])
    expect(declined.stdout).toBe('No entries match.\n')
    const russian = await cli(['history', '--order', 'CLI-LIST-2'], 'ru')
    expect(russian.stdout).toMatch(/^Записи: 1 из 1, новые первыми\n.*профиль 100002/)
  })

  it('refuses a wrong option value, naming the option and what it takes', async () => {
    const date = await cli(['history', '--from', '30.11.2026'])
    expect(date.code).toBe(2)
    expect(date.stderr).toContain('--from must be a day (2026-11-30) or an instant')
    const operation = await cli(['history', '--operation', 'refund'])
    expect(operation.code).toBe(2)
    expect(operation.stderr).toContain('--operation must be update or report, not "refund"')
  })
})
