import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { main } from '../../../main/cli/main'
import { createBulkJournal } from '../../../main/bulk/bulk-journal-repository'
import { databaseFile } from '../../../main/platform/db/data-dir'
import { openDatabase } from '../../../main/platform/db/database'
import { createHistoryRepository } from '../../../main/history/history-repository'
import { useTestSandbox } from '../../fixtures/sandbox'
import { useCliDataDir } from '../../fixtures/cli'

// `gatedesk bulk-update`: the same journal, rules and history as the app, from a terminal.
const sandbox = useTestSandbox()
const { dir } = useCliDataDir('gatedesk-cli-bulk-')
const CARD = '4111111111111111'

async function cli(args: string[]) {
  let stdout = ''
  let stderr = ''
  const code = await main(
    ['bulk-update', '--connection', sandbox.sandbox.connectionFile, ...args],
    {
      stdout: (t) => (stdout += t),
      stderr: (t) => (stderr += t),
    },
  )
  return { code, stdout, stderr }
}

function csv(name: string, lines: string[]) {
  const file = join(dir, name)
  writeFileSync(file, `${lines.join('\n')}\n`)
  return file
}

/** The app's store, as the app reads it. */
function inStore<T>(read: (db: ReturnType<typeof openDatabase>) => T): T {
  const db = openDatabase(databaseFile(undefined))
  try {
    return read(db)
  } finally {
    db.close()
  }
}

const HEADER =
  'recurring-payment-id,amount,order_desc,credit-card-number,card-printed-name,expire-year,expire-month'

describe('gatedesk bulk-update', () => {
  it('checks every row first: one bad row and nothing is sent, each problem at its row and column', async () => {
    const before = sandbox.sandbox.service.recentRequests(1000).length
    const file = csv('bad.csv', [
      HEADER,
      `100001,10.00,CLI bulk good,${CARD},ANNA ONEIL,2030,12`,
      '100002,"10,5",CLI bulk bad amount,,,,',
      ',3.00,CLI bulk no profile,,,,',
    ])
    const { code, stderr } = await cli(['--input', file])
    expect(code).toBe(1)
    expect(stderr).toContain("2 of 3 rows break the gateway's rules")
    // Named by their lines in the spreadsheet: the header is line 1.
    expect(stderr).toMatch(/line 3, "amount": .*amount/)
    expect(stderr).toMatch(/line 4, "recurring-payment-id": recurring-payment-id is required/)
    expect(stderr).toContain('nothing was sent')
    expect(sandbox.sandbox.service.recentRequests(1000)).toHaveLength(before)
    expect(inStore((db) => createBulkJournal(db).jobs())).toEqual([])
  })

  it('with --skip-invalid sends the good rows once each, recorded in history, card masked, and exits 1 naming the rows left out', async () => {
    const file = csv('skip.csv', [
      HEADER,
      `100001,11.00,CLI skip 1,${CARD},ANNA ONEIL,2030,12`,
      '100002,12.00,CLI skip 2,,,,',
      '100003,"13,0",CLI skip bad,,,,',
    ])
    const { code, stdout, stderr } = await cli(['--input', file, '--skip-invalid', '--json'])
    const summary = JSON.parse(stdout) as {
      jobId: string
      state: string
      outcomes: Record<string, number>
      total: number
    }
    expect(summary).toMatchObject({
      state: 'finished',
      total: 2,
      outcomes: { approved: 2 },
      leftOutLines: [4],
    })
    expect(code).toBe(1)
    expect(stderr).toContain('1 of 3 rows break')
    expect(stderr).toContain('Not sent: 1 row left out by --skip-invalid (line 4)')
    // The summary is the last line: no pace, no "0 s left".
    expect(stderr.trimEnd().split('\n').at(-2)).toMatch(/^2\/2 \(0 in flight; approved 2\)$/)
    expect(stderr + stdout).not.toContain(CARD)
    const entries = inStore((db) => createHistoryRepository(db).search().entries)
    const sent = entries.filter((entry) => entry.orderId?.startsWith('BULK-'))
    expect(sent).toHaveLength(2)
    expect(JSON.stringify(sent)).not.toContain(CARD)
  })

  it('leaves a row with an unknown outcome for a decision, then sends it again with a new order id', async () => {
    const file = csv('unknown.csv', [
      HEADER,
      '100001,21.00,CLI unknown 1,,,,',
      '100002,22.00,CLI unknown 2,,,,',
    ])
    sandbox.sandbox.service.injectFault('reset', 1)
    const first = await cli(['--input', file, '--concurrency', '1', '--json'])
    const summary = JSON.parse(first.stdout) as { jobId: string; unknownLines: number[] }
    expect(first.code).toBe(1)
    expect(summary.unknownLines).toEqual([2])
    expect(first.stderr).toContain('(lines 2)')
    expect(first.stderr).toContain(`--resume ${summary.jobId} --unknown resend`)

    // Resuming alone sends nothing again: the unknown row waits for a decision.
    const again = await cli(['--resume', summary.jobId, '--json'])
    expect(JSON.parse(again.stdout)).toMatchObject({ unknownLines: [2], outcomes: { approved: 1 } })

    const decided = await cli(['--resume', summary.jobId, '--unknown', 'resend', '--json'])
    expect(decided.code).toBe(0)
    expect(JSON.parse(decided.stdout)).toMatchObject({
      unknownLines: [],
      outcomes: { approved: 2 },
    })
    const row = inStore((db) => createBulkJournal(db).row(summary.jobId, 1))
    expect(row).toMatchObject({ state: 'done', outcome: 'approved', attempt: 2 })
    // Its order id names its line: the first data row is line 2.
    expect(row!.clientOrderId).toMatch(/-2-R2$/)
  })

  it("refuses a row naming another environment than the connection's, and sends the others", async () => {
    const own = `${new URL(sandbox.sandbox.baseUrl).host} (command line)`
    const file = csv('environments.csv', [
      'recurring-payment-id,amount,order_desc,env',
      '100001,14.00,CLI env default,',
      `100002,15.00,CLI env own,${own.toUpperCase()}`,
      '100003,16.00,CLI env other,Production',
    ])
    const { code, stdout, stderr } = await cli(['--input', file, '--skip-invalid', '--json'])
    expect(stderr).toContain(
      `line 4, "env": environment "Production" is not the environment of --connection (${own}): the command line sends every row with that one connection.`,
    )
    expect(JSON.parse(stdout)).toMatchObject({ total: 2, outcomes: { approved: 2 } })
    expect(code).toBe(1)
    const descriptions = sandbox.sandbox.service.profiles().map((p) => p.orderDescription)
    expect(descriptions).toEqual(expect.arrayContaining(['CLI env default', 'CLI env own']))
    expect(descriptions).not.toContain('CLI env other')
  })

  it('refuses a job id it does not know, and both --input and --resume at once', async () => {
    expect((await cli(['--resume', 'bulk-0000'])).stderr).toContain('no such bulk job')
    expect((await cli(['--resume', 'bulk-0000', '--input', 'x.csv'])).code).toBe(2)
  })
})
