import { sendRecurringUpdate } from '../../../main/recurring/send-core'
import { recurringSending } from '../../../main/recurring/recurring-sending'
import { hostname } from 'node:os'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { claimJob, isInterrupted } from '../../../main/bulk/bulk-claim'
import { createBulkService } from '../../../main/bulk/bulk-service'
import { createImportSessions } from '../../../main/bulk/import-sessions'
import { createPastedTables } from '../../../main/bulk/pasted-tables'
import { createJobRunner } from '../../../main/platform/jobs/job-runner'
import { createBulkMappings } from '../../../main/bulk/bulk-mappings-repository'
import { eventually } from '../../fixtures/eventually'
import { createBulkJob } from '../../../main/bulk/bulk-job'
import { startBulkRun } from '../../../main/bulk/bulk-run'
import { readBulkSource } from '../../../main/bulk/bulk-source'
import { autoMapping } from '../../../main/bulk/column-mapping'
import { openJobSource, rowInputs } from '../../../main/bulk/job-source'
import { resendOrderId } from '../../../main/bulk/order-ids'
import { checkRows } from '../../../main/bulk/row-check'
import { configuredEnvironments, connectionContexts } from '../../../main/bulk/row-environments'
import { environmentSendingContext } from '../../../main/recurring/recurring-update-service'
import { createBulkJournal } from '../../../main/bulk/bulk-journal-repository'
import { createHistoryRepository } from '../../../main/history/history-repository'
import { openTestStore } from '../../fixtures/gatedesk-store'
import { useSandboxedStore } from '../../fixtures/sandboxed-store'

// Bulk runs end to end: a real CSV file, the real store and keychain, the built-in Sandbox
// environment connected as the app does, real HTTPS to the sandbox gateway on loopback.
const store = openTestStore()
const history = createHistoryRepository(store.db)
const journal = createBulkJournal(store.db)
const me = { pid: process.pid, host: hostname() }
const CARD = '4111111111111111'
const suite = useSandboxedStore(store)

const profiles = () => suite.sandbox.sandbox.service.profiles().map((p) => p.id)
const deps = () => ({
  environments: store.environments.local,
  history,
  gateway: suite.sandbox.deps,
})

/** A CSV of `count` valid updates over the demo profiles, with the given extra lines. */
function csvFile(name: string, count: number, extra: string[] = []): string {
  const ids = profiles()
  const lines = [
    'Recurring Payment ID;amount;order_desc;credit-card-number;card-printed-name;expire-year;expire-month',
  ]
  for (let i = 1; i <= count; i++) {
    const card = i === 1 ? `${CARD};ANNA ONEIL;2030;12` : ';;;'
    lines.push(`${ids[i % ids.length]};${(i % 90) + 1}.50;Bulk test ${name} ${i};${card}`)
  }
  const file = join(store.dir, `${name}.csv`)
  writeFileSync(file, [...lines, ...extra].join('\r\n') + '\r\n')
  return file
}

async function newJob(name: string, count: number, extra: string[] = [], concurrency = 4) {
  const source = await readBulkSource(csvFile(name, count, extra))
  const mapping = autoMapping(source.headers)
  const problems = checkRows(source, mapping, null, configuredEnvironments([]))
  const job = createBulkJob(journal, source, {
    environment: { id: suite.environmentId, name: 'Sandbox' },
    mapping,
    profileType: null,
    concurrency,
    rate: null,
    excluded: new Set(problems.map((p) => p.rowNumber)),
  })
  return { job, source, problems }
}

function run(jobId: string, source: Awaited<ReturnType<typeof readBulkSource>>) {
  const job = journal.job(jobId)!
  return startBulkRun(job, {
    sendUpdate: sendRecurringUpdate,
    journal,
    history,
    rowContext: connectionContexts(environmentSendingContext(deps(), suite.environmentId)),
    inputOf: rowInputs(job, source),
    runner: me,
  })
}

describe('a bulk run', () => {
  it('checks every row first, then sends the good ones, each once with its own order id', async () => {
    const { job, source, problems } = await newJob('mixed', 20, [
      `${profiles()[0]};12,50;comma decimal;;;;`,
      `;5.00;no profile;;;;`,
    ])
    expect(problems.map((p) => [p.rowNumber, p.parameter, p.column])).toEqual([
      [21, 'amount', 1],
      [22, 'recurring-payment-id', 0],
    ])
    const done = await run(job.id, source).done
    expect(done).toMatchObject({ state: 'finished', total: 20, outcomes: { approved: 20 } })
    const rows = journal.rows(job.id, { limit: 100 }).rows
    expect(new Set(rows.map((r) => r.clientOrderId)).size).toBe(20)
    for (const row of rows) {
      const entry = history.get(row.historyId!)!
      expect(entry).toMatchObject({ outcome: 'approved', orderId: row.clientOrderId })
      expect(row.serialNumber).toBe(entry.serialNumber)
    }
  })

  it('keeps no card number in the journal: rows point at their line of the file', async () => {
    const { job, source } = await newJob('cards', 3)
    await run(job.id, source).done
    const dump = JSON.stringify([
      store.db.prepare('SELECT * FROM bulk_jobs').all(),
      store.db.prepare('SELECT * FROM bulk_rows').all(),
    ])
    expect(dump).not.toContain(CARD)
    expect(dump).not.toContain('ANNA')
    expect(journal.row(job.id, 1)).toMatchObject({ state: 'done', outcome: 'approved' })
  })

  it('pauses (nothing new leaves), resumes, and finishes', async () => {
    const { job, source } = await newJob('pause', 60, [], 2)
    const running = run(job.id, source)
    // Paused once the first rows are through, however fast they go.
    while (running.progress().states.done < 2) await new Promise((resolve) => setImmediate(resolve))
    running.pause()
    expect(journal.job(job.id)!.state).toBe('paused')
    await new Promise((resolve) => setTimeout(resolve, 200))
    const atPause = running.progress()
    expect(atPause.states['in-flight']).toBe(0)
    expect(atPause.states.pending).toBeGreaterThan(0)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(running.progress().states.done).toBe(atPause.states.done)
    running.resume()
    expect(await running.done).toMatchObject({ state: 'finished', outcomes: { approved: 60 } })
  })

  it('after a kill, resumes only rows never sent; rows in flight become unknown for a decision', async () => {
    const { job, source } = await newJob('killed', 5)
    // As a killed process leaves it: row 2 was in flight (recorded, maybe sent), the rest pending.
    const historyId = history.recordSending({
      environment: { id: suite.environmentId, name: 'Sandbox' },
      operation: 'update-recurring-payment',
      parameters: [['recurring-payment-id', profiles()[0]!]],
    })
    journal.markInFlight(job.id, 2, historyId)
    journal.setState(job.id, 'running', { pid: 2 ** 22 + 17, host: me.host })
    const interrupted = journal.job(job.id)!
    expect(isInterrupted(interrupted, me)).toBe(true)
    claimJob(journal, history, interrupted, me)
    expect(journal.row(job.id, 2)).toMatchObject({ state: 'unknown', outcome: 'unknown' })
    expect(history.get(historyId)!.outcome).toBe('unknown')

    const resumed = await run(job.id, await openJobSource(journal.job(job.id)!)).done
    expect(resumed).toMatchObject({ states: { done: 4, unknown: 1 }, outcomes: { approved: 4 } })

    // The deliberate decision: send it again, with a new order id.
    const first = journal.row(job.id, 2)!.clientOrderId
    expect(journal.decide(job.id, [2], 'resend', resendOrderId)).toBe(1)
    const again = await run(job.id, source).done
    expect(again).toMatchObject({ states: { done: 5, unknown: 0 }, outcomes: { approved: 5 } })
    expect(journal.row(job.id, 2)!.clientOrderId).toBe(`${first}-R2`)
  })

  it('refuses to resume from a file that changed since the job was made', async () => {
    const { job } = await newJob('changed', 2)
    writeFileSync(job.source.path, 'recurring-payment-id;amount\r\n1;2.00\r\n')
    await expect(openJobSource(job)).rejects.toThrow(/has changed since the bulk job/)
  })
})

describe('the app after a crash', () => {
  it('shows the interrupted job with its unknown rows, and resumes only after a decision', async () => {
    const { job } = await newJob('crashed', 4)
    const historyId = history.recordSending({
      environment: { id: suite.environmentId, name: 'Sandbox' },
      operation: 'update-recurring-payment',
      parameters: [['recurring-payment-id', profiles()[1]!]],
    })
    journal.markInFlight(job.id, 3, historyId)
    journal.setState(job.id, 'running', { pid: 2 ** 22 + 19, host: me.host })

    const events: string[] = []
    const service = createBulkService({
      recurringSending,
      ...deps(),
      journal,
      imports: createImportSessions({ mappings: createBulkMappings(store.db), dataDir: store.dir }),
      pastedTables: createPastedTables({ dataDir: store.dir, secrets: store.secrets, journal }),
      jobs: createJobRunner({ progress: () => {}, finished: (e) => events.push(e.outcome) }),
      emitProgress: () => {},
    })
    expect(service.recoverInterrupted()).toBeGreaterThanOrEqual(1)
    const shown = service.job(job.id)
    expect(shown).toMatchObject({ interrupted: true, state: 'paused', live: false })
    expect(shown.states).toMatchObject({ pending: 3, unknown: 1, 'in-flight': 0 })

    await service.resume(job.id)
    await eventually(() => (events.length > 0 ? true : undefined), 'the run to end')
    expect(service.job(job.id)).toMatchObject({
      state: 'finished',
      interrupted: false,
      states: { done: 3, unknown: 1 },
    })
    expect(await service.decide(job.id, [3], 'skip')).toBe(1)
    expect(service.job(job.id).states).toMatchObject({ done: 3, unknown: 0, skipped: 1 })
  })
})
