import { sendRecurringUpdate } from '../../../main/recurring/send-core'
import { writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createBulkJob } from '../../../main/bulk/bulk-job'
import { startBulkRun } from '../../../main/bulk/bulk-run'
import { readBulkSource } from '../../../main/bulk/bulk-source'
import { autoMapping } from '../../../main/bulk/column-mapping'
import { rowInputs } from '../../../main/bulk/job-source'
import { connectionContexts } from '../../../main/bulk/row-environments'
import { decodeForm } from '../../../main/platform/gateway/form-codec'
import type { GatewayDeps } from '../../../main/platform/gateway/gateway-client'
import { environmentSendingContext } from '../../../main/recurring/recurring-update-service'
import {
  createBulkJournal,
  type BulkJob,
  type BulkJournal,
} from '../../../main/bulk/bulk-journal-repository'
import { openDatabase } from '../../../main/platform/db/database'
import { createHistoryRepository } from '../../../main/history/history-repository'
import { openTestStore } from '../../fixtures/gatedesk-store'
import { useSandboxedStore } from '../../fixtures/sandboxed-store'

// What the journal holds at the instant each row's request leaves: the transport looks before
// handing the request to the real one (HTTPS to the sandbox on loopback). A row must already be
// in flight there, committed and synced, or a kill right then would send it again on resume.
const ROWS = 12
const store = openTestStore()
const history = createHistoryRepository(store.db)
const journal = createBulkJournal(store.db)
const suite = useSandboxedStore(store)

/** The row of `job` whose request carries `orderId`. */
function rowOf(reader: BulkJournal, job: BulkJob, orderId: string) {
  const row = reader.rows(job.id, { limit: ROWS }).rows.find((r) => r.clientOrderId === orderId)
  if (row === undefined) throw new Error(`No row of ${job.id} has the order id ${orderId}`)
  return row
}

/** A new job of ROWS updates, one file of its own. */
async function newJob(name: string) {
  const profiles = suite.sandbox.sandbox.service.profiles().map((p) => p.id)
  const lines = ['recurring-payment-id;amount;order_desc']
  for (let row = 1; row <= ROWS; row++) {
    lines.push(`${profiles[row % profiles.length]};${row}.25;Journal test ${name} ${row}`)
  }
  const file = join(store.dir, `${name}.csv`)
  writeFileSync(file, `${lines.join('\r\n')}\r\n`)
  const source = await readBulkSource(file)
  const job = createBulkJob(journal, source, {
    environment: { id: suite.environmentId, name: 'Sandbox' },
    mapping: autoMapping(source.headers),
    profileType: null,
    concurrency: 4,
    rate: null,
    excluded: new Set(),
  })
  return { job, source }
}

/** Runs `job` through `runJournal`, `beforeSend` called with each request's order id as it leaves. */
function runJob(
  { job, source }: Awaited<ReturnType<typeof newJob>>,
  runJournal: BulkJournal,
  beforeSend: (orderId: string) => void,
) {
  const gateway: GatewayDeps = {
    ...suite.sandbox.deps,
    httpsPost: (request) => {
      beforeSend(decodeForm(String(request.body)).find(([n]) => n === 'client-orderid')![1])
      return suite.sandbox.deps.httpsPost(request)
    },
  }
  const context = environmentSendingContext(
    { environments: store.environments.local, history, gateway },
    suite.environmentId,
  )
  return startBulkRun(job, {
    sendUpdate: sendRecurringUpdate,
    journal: runJournal,
    history,
    rowContext: connectionContexts(context),
    inputOf: rowInputs(job, source),
    runner: { pid: process.pid, host: hostname() },
  })
}

/**
 * Runs a new job of ROWS updates to its end through `runJournal`, calling `look` as each row's
 * request is about to leave; returns what `look` said of each, in row order.
 */
async function lookAtEachRequest(
  name: string,
  runJournal: BulkJournal,
  look: (job: BulkJob, orderId: string) => string,
): Promise<string[]> {
  const made = await newJob(name)
  const seen: string[] = []
  const run = runJob(made, runJournal, (orderId) => seen.push(look(made.job, orderId)))
  expect(await run.done).toMatchObject({ state: 'finished', outcomes: { approved: ROWS } })
  const rowNumber = (said: string) => Number(/^row (\d+)/.exec(said)![1])
  return seen.sort((a, b) => rowNumber(a) - rowNumber(b))
}

/** Far longer than signing a request takes. */
const slowDisk = () => new Promise((resolve) => setTimeout(resolve, 150))

const everyRow = (state: string) =>
  Array.from({ length: ROWS }, (_, index) => `row ${index + 1}: ${state}`)

describe('a bulk row leaving for the gateway', () => {
  it('is in flight in the committed journal, as a run after a kill would find it', async () => {
    // A connection of its own reads only what has committed, as another process would.
    const db = openDatabase(store.file)
    try {
      const committed = createBulkJournal(db)
      const seen = await lookAtEachRequest('in-flight', journal, (job, orderId) => {
        const row = rowOf(committed, job, orderId)
        return `row ${row.rowNumber}: ${row.state}`
      })
      expect(seen).toEqual(everyRow('in-flight'))
    } finally {
      db.close()
    }
  })

  it('goes only once the commit marking it in flight is durable and has settled, however slow the disk', async () => {
    // The journal's group commits as the run asks for them, with the rows each marked in flight.
    const commits: { durable: boolean; settled: boolean; marked: number[] }[] = []
    let committing: (typeof commits)[number] | null = null
    const spied: BulkJournal = {
      ...journal,
      commit(work, options) {
        const entry = { durable: options.durable, settled: false, marked: [] as number[] }
        commits.push(entry)
        // A slow disk: each commit starts long after the request (signed meanwhile) is ready.
        const landed = slowDisk().then(() =>
          journal.commit(() => {
            committing = entry
            try {
              return work()
            } finally {
              committing = null
            }
          }, options),
        )
        // Registered first, so it has run by the time the run's own await resumes.
        landed.then(
          () => (entry.settled = true),
          () => undefined,
        )
        return landed
      },
      markInFlight(jobId, rowNumber, historyId) {
        committing?.marked.push(rowNumber)
        journal.markInFlight(jobId, rowNumber, historyId)
      },
    }
    const seen = await lookAtEachRequest('durable', spied, (job, orderId) => {
      const { rowNumber } = rowOf(journal, job, orderId)
      const mark = commits.find((entry) => entry.marked.includes(rowNumber))
      const how = `${mark?.durable ? 'durable' : 'not durable'}, ${mark?.settled ? 'settled' : 'not settled'}`
      return `row ${rowNumber}: ${how}`
    })
    expect(seen).toEqual(everyRow('durable, settled'))
  })

  it('never goes when the commit marking it in flight fails (a full disk): the run stops', async () => {
    const made = await newJob('full-disk')
    const sent: string[] = []
    const failing: BulkJournal = {
      ...journal,
      // Refused after a while, as a sync is: the request (signed meanwhile) must wait for it.
      commit: (work, options) =>
        options.durable
          ? slowDisk().then(() => Promise.reject(new Error('database or disk is full')))
          : journal.commit(work, options),
    }
    const run = runJob(made, failing, (orderId) => sent.push(orderId))
    await expect(run.done).rejects.toThrow('database or disk is full')
    expect(sent).toEqual([])
    expect(journal.counts(made.job.id).states).toMatchObject({ pending: ROWS, 'in-flight': 0 })
  })
})
