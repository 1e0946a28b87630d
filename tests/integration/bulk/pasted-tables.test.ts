import { recurringSending } from '../../../main/recurring/recurring-sending'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createBulkJob } from '../../../main/bulk/bulk-job'
import { createBulkService } from '../../../main/bulk/bulk-service'
import { createImportSessions } from '../../../main/bulk/import-sessions'
import { openJobSource, rowInputs } from '../../../main/bulk/job-source'
import { createPastedTables } from '../../../main/bulk/pasted-tables'
import { createJobRunner } from '../../../main/platform/jobs/job-runner'
import { createBulkJournal } from '../../../main/bulk/bulk-journal-repository'
import { createBulkMappings } from '../../../main/bulk/bulk-mappings-repository'
import { createHistoryRepository } from '../../../main/history/history-repository'
import { openTestStore } from '../../fixtures/gatedesk-store'

// Pasted tables hold card numbers and CVV2s: never readable on disk, and destroyed (their key
// deleted from the real keychain) once no job may send from them. Runs in tests/with-keyring.sh.
const store = openTestStore()
const journal = createBulkJournal(store.db)
const history = createHistoryRepository(store.db)
const dataDir = store.dir
const bulkFolder = join(dataDir, 'bulk')
const imports = createImportSessions({ mappings: createBulkMappings(store.db), dataDir })
const tables = createPastedTables({ dataDir, secrets: store.secrets, journal })
afterAll(() => store.close())

const PAN = '4111111111111111'
const TABLE = [
  'recurring-payment-id\tamount\tcredit-card-number\tcard-printed-name\texpire-year\texpire-month\tcvv2\tnotes',
  `100001\t10.00\t${PAN}\tANNA ONEIL\t2030\t12\t987\tcall ${PAN} back`,
  `100002\t11.00\t${PAN}\tANNA ONEIL\t2030\t12\t654\t`,
].join('\n')
const DAY = 86_400_000

const keyOf = (path: string) => ({
  kind: 'pasted-table-key' as const,
  tableId: /pasted-(.+)\.sealed$/.exec(path)![1]!,
})
const filesInBulkFolder = () => (existsSync(bulkFolder) ? readdirSync(bulkFolder) : [])

/** Pastes the table and makes a job of it, as the Bulk screen's Start does. */
async function pastedJob(table = TABLE) {
  const imported = await imports.paste(table)
  const session = imports.get(imported.importId)
  const stored = await tables.store(session.source, session.mapping, session.fixes)
  const job = createBulkJob(journal, stored.source, {
    environment: { id: 'env', name: 'Sandbox' },
    mapping: session.mapping,
    profileType: null,
    concurrency: 1,
    rate: null,
    sealedCardCodes: stored.sealedCardCodes,
  })
  imports.close(imported.importId)
  return { job, path: stored.source.path, stored }
}

/** Every row done, as a finished run leaves them. */
function finishAll(jobId: string) {
  for (const row of journal.rows(jobId).rows) {
    journal.finishRow(jobId, row.rowNumber, {
      state: 'done',
      outcome: 'approved',
      serialNumber: '1',
      errorCode: null,
      message: 'ok',
    })
  }
  journal.setState(jobId, 'finished', null)
}

describe('pasted tables', () => {
  it('live in memory only while imported: nothing is written, closing leaves nothing', async () => {
    const before = filesInBulkFolder()
    const imported = await imports.paste(TABLE)
    expect(imported.pasted).toBe(true)
    expect(imports.get(imported.importId).source.rows[0]![2]).toBe(PAN)
    expect(filesInBulkFolder()).toEqual(before)
    imports.close(imported.importId)
    expect(filesInBulkFolder()).toEqual(before)
  })

  it('are stored for a job encrypted, owner-only, with the columns it sends and no CVV2', async () => {
    const { job, path } = await pastedJob()
    expect(statSync(path).mode & 0o777).toBe(0o600)
    const onDisk = readFileSync(path).toString('latin1')
    for (const clear of [PAN, PAN.slice(0, 12), 'ANNA ONEIL', '100001', '987']) {
      expect(onDisk).not.toContain(clear)
    }
    // Opened with its key from the keychain: the job's rows as pasted, minus what is not sent.
    const source = await openJobSource(journal.job(job.id)!, tables)
    expect(source.rows[0]).toEqual([
      '100001',
      '10.00',
      PAN,
      'ANNA ONEIL',
      '2030',
      '12',
      '', // cvv2: in the journal, encrypted, until the row is sent
      '', // notes: not mapped, not sent, not kept
    ])
    const inputOf = rowInputs(job, source)
    expect(inputOf(journal.row(job.id, 1)!).parameters).toMatchObject({
      'credit-card-number': PAN,
      cvv2: '987',
    })
    expect(inputOf(journal.row(job.id, 2)!).parameters.cvv2).toBe('654')
    await tables.shred(path)
  })

  it("forget a row's CVV2 in the transaction that marks it in flight", async () => {
    const { job, path } = await pastedJob()
    const historyId = history.recordSending({
      environment: { id: 'env', name: 'Sandbox' },
      operation: 'update-recurring-payment',
      parameters: [['recurring-payment-id', '100001']],
    })
    journal.markInFlight(job.id, 1, historyId)
    expect(journal.row(job.id, 1)!.sealedCardCode).toBeNull()
    expect(journal.row(job.id, 2)!.sealedCardCode).not.toBeNull()
    // Sent again after an unknown outcome, the row goes without it: it was never kept.
    const source = await openJobSource(journal.job(job.id)!, tables)
    expect(rowInputs(job, source)(journal.row(job.id, 1)!).parameters.cvv2).toBeUndefined()
    // A row refused before it leaves has no more use for it either.
    journal.finishRow(job.id, 2, {
      state: 'done',
      outcome: 'not-sent',
      serialNumber: null,
      errorCode: null,
      message: 'refused',
    })
    expect(journal.row(job.id, 2)!.sealedCardCode).toBeNull()
    await tables.shred(path)
  })

  it('refuse a damaged copy, a changed CVV2 and a shredded key, each saying what to do', async () => {
    const { job, path } = await pastedJob()
    const sealed = readFileSync(path)
    const flipped = Buffer.from(sealed)
    flipped[flipped.length - 5]! ^= 0x01
    writeFileSync(path, flipped)
    await expect(openJobSource(job, tables)).rejects.toMatchObject({
      messageCode: 'bulk.pasted.damaged',
      message: expect.stringContaining('cannot be decrypted'),
    })
    writeFileSync(path, sealed)
    // Row 2's CVV2 in row 1's place: sealed for another row, it does not open there.
    const source = await openJobSource(job, tables)
    const row1 = {
      ...journal.row(job.id, 1)!,
      sealedCardCode: journal.row(job.id, 2)!.sealedCardCode,
    }
    expect(() => rowInputs(job, source)(row1)).toThrow(/cannot be decrypted/)

    await store.secrets.delete(keyOf(path))
    await expect(openJobSource(job, tables)).rejects.toMatchObject({
      messageCode: 'bulk.pasted.shredded',
      message: expect.stringContaining('Paste the table again'),
    })
    await tables.shred(path)
  })

  it('are shredded once their job can send nothing more: key, file and CVV2s', async () => {
    const { job, path } = await pastedJob()
    const key = keyOf(path)
    journal.setState(job.id, 'paused', null)
    expect(await tables.shredIfSpent(job.id)).toBe(false)
    expect(await store.secrets.has(key)).toBe(true)

    finishAll(job.id)
    expect(await tables.shredIfSpent(job.id)).toBe(true)
    expect(await store.secrets.has(key)).toBe(false)
    expect(existsSync(path)).toBe(false)
    await expect(openJobSource(journal.job(job.id)!, tables)).rejects.toMatchObject({
      messageCode: 'bulk.pasted.shredded',
    })
  })

  it('are shredded when the last unknown rows are skipped', async () => {
    const { job, path } = await pastedJob()
    const service = createBulkService({
      recurringSending,
      environments: store.environments.local,
      history,
      gateway: undefined as never,
      journal,
      imports,
      pastedTables: tables,
      jobs: createJobRunner({ progress: () => {}, finished: () => {} }),
      emitProgress: () => {},
    })
    // Row 1 was in flight at a kill, row 2 went through; the job ran to its end.
    const historyId = history.recordSending({
      environment: { id: 'env', name: 'Sandbox' },
      operation: 'update-recurring-payment',
      parameters: [['recurring-payment-id', '100001']],
    })
    journal.markInFlight(job.id, 1, historyId)
    journal.inFlightToUnknown(job.id, { message: 'cut off', messageCode: 'bulk.row.interrupted' })
    journal.finishRow(job.id, 2, {
      state: 'done',
      outcome: 'approved',
      serialNumber: '2',
      errorCode: null,
      message: 'ok',
    })
    journal.setState(job.id, 'finished', null)
    expect(await tables.shredIfSpent(job.id)).toBe(false) // row 1 may still be sent again
    expect(await service.decide(job.id, [1], 'skip')).toBe(1)
    expect(existsSync(path)).toBe(false)
    expect(await store.secrets.has(keyOf(path))).toBe(false)
  })

  it("are swept at start when of no job, spent, or 30 days past their job's end; in clear, always", async () => {
    const orphan = await pastedJob() // its job is never journaled: a crash before it was
    store.db.prepare(`DELETE FROM bulk_jobs WHERE id = ?`).run(orphan.job.id)
    const paused = await pastedJob()
    journal.setState(paused.job.id, 'paused', null)
    const cancelled = await pastedJob()
    journal.setState(cancelled.job.id, 'cancelled', null)
    const spent = await pastedJob()
    finishAll(spent.job.id)
    const inClear = join(bulkFolder, 'pasted-0000.tsv')
    writeFileSync(inClear, TABLE)

    expect(await tables.sweep(new Date(Date.now() + 29 * DAY))).toBe(3)
    expect([orphan, spent].map(({ path }) => existsSync(path))).toEqual([false, false])
    expect(existsSync(inClear)).toBe(false)
    expect(await store.secrets.has(keyOf(orphan.path))).toBe(false)
    // A paused job keeps its table however old; a cancelled one may resume for 30 days.
    expect(existsSync(paused.path) && existsSync(cancelled.path)).toBe(true)
    expect(await tables.sweep(new Date(Date.now() + 31 * DAY))).toBe(1)
    expect(existsSync(cancelled.path)).toBe(false)
    expect(await store.secrets.has(keyOf(cancelled.path))).toBe(false)
    expect(existsSync(paused.path)).toBe(true)
    await tables.shred(paused.path)
  })
})
