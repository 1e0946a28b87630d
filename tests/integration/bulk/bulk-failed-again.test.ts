import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createBulkService } from '../../../main/bulk/bulk-service'
import { createImportSessions } from '../../../main/bulk/import-sessions'
import { createPastedTables } from '../../../main/bulk/pasted-tables'
import { createBulkMappings } from '../../../main/bulk/bulk-mappings-repository'
import { createBulkJournal } from '../../../main/bulk/bulk-journal-repository'
import { isDefiniteFailure } from '../../../preload/contract/bulk/definite-failure'
import { createJobRunner } from '../../../main/platform/jobs/job-runner'
import { createHistoryRepository } from '../../../main/history/history-repository'
import { recurringSending } from '../../../main/recurring/recurring-sending'
import { eventually } from '../../fixtures/eventually'
import { openTestStore } from '../../fixtures/gatedesk-store'
import { useSandboxedStore } from '../../fixtures/sandboxed-store'

// "Send the failed rows again": a new job of the rows that surely failed, over real HTTPS to
// the sandbox, with the real store; rows of unknown outcome keep their own rule.
const store = openTestStore()
const history = createHistoryRepository(store.db)
const journal = createBulkJournal(store.db)
const suite = useSandboxedStore(store)
const ended: string[] = []

function service() {
  const imports = createImportSessions({
    mappings: createBulkMappings(store.db),
    dataDir: store.dir,
    environments: () => store.environments.local.list(),
  })
  const bulk = createBulkService({
    recurringSending,
    environments: store.environments.local,
    history,
    gateway: suite.sandbox.deps,
    journal,
    imports,
    pastedTables: createPastedTables({ dataDir: store.dir, secrets: store.secrets, journal }),
    jobs: createJobRunner({ progress: () => {}, finished: (e) => ended.push(e.outcome) }),
    emitProgress: () => {},
  })
  return { bulk, imports }
}

const settings = () => ({
  environmentId: suite.environmentId,
  profileType: null,
  concurrency: 1,
  rate: null,
})

async function finished(bulk: ReturnType<typeof service>['bulk'], bulkJobId: string) {
  await eventually(
    () => (bulk.job(bulkJobId).state === 'finished' ? true : undefined),
    'the job to finish',
  )
  return bulk.job(bulkJobId)
}

describe('sending the failed rows again', () => {
  it('makes a new job of the rows that surely failed, never the unknown ones, each with a new order id', async () => {
    const { bulk, imports } = service()
    const file = join(store.dir, 'failed-again.csv')
    writeFileSync(
      file,
      [
        'recurring-payment-id,amount,order_desc',
        '100002,7.00,Again cut off',
        '100001,5.00,Again ok',
        '999999,6.00,Again no such profile',
        '',
      ].join('\n'),
    )
    const { importId } = await imports.openFile(file, {})
    // The first row's connection is reset (one at a time, it goes first): its outcome is unknown.
    suite.sandbox.sandbox.service.injectFault('reset', 1)
    const first = await bulk.start(importId, settings())
    const old = await finished(bulk, first.bulkJobId)
    expect(old.states).toMatchObject({ done: 2, unknown: 1 })
    const oldRows = journal.rows(first.bulkJobId).rows
    expect(
      oldRows.map((row) => [row.rowNumber, row.state, isDefiniteFailure(row.outcome)]),
    ).toEqual([
      [1, 'unknown', false],
      [2, 'done', false],
      [3, 'done', true],
    ])

    const again = await bulk.sendFailedAgain(first.bulkJobId)
    expect(again.rows).toBe(1)
    expect(again.bulkJobId).not.toBe(first.bulkJobId)
    await finished(bulk, again.bulkJobId)
    const rows = journal.rows(again.bulkJobId).rows
    expect(rows.map((row) => row.rowNumber)).toEqual([3])
    expect(rows[0]!.clientOrderId).toBe(`${oldRows[2]!.clientOrderId}-R2`)
    // The old job is left as it was: its unknown row still waits for a decision.
    expect(bulk.job(first.bulkJobId).states).toMatchObject({ done: 2, unknown: 1 })
  })

  it('refuses a job with no row that surely failed', async () => {
    const { bulk, imports } = service()
    const file = join(store.dir, 'all-good.csv')
    writeFileSync(file, 'recurring-payment-id,amount\n100001,8.00\n')
    const { importId } = await imports.openFile(file, {})
    const { bulkJobId } = await bulk.start(importId, settings())
    await finished(bulk, bulkJobId)
    await expect(bulk.sendFailedAgain(bulkJobId)).rejects.toThrow(/No row of this job failed/)
  })
})
