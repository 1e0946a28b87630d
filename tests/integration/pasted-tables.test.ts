import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createBulkJob } from '../../main/bulk/bulk-job'
import { createImportSessions } from '../../main/bulk/import-sessions'
import { sweepPastedTables } from '../../main/bulk/pasted-tables'
import { createBulkJournal } from '../../main/store/bulk-journal-repository'
import { createBulkMappings } from '../../main/store/bulk-mappings-repository'
import { openDatabase } from '../../main/store/database'

// Pasted tables may hold card numbers: the files behind them must not outlive their use.
const dataDir = mkdtempSync(join(tmpdir(), 'gatedesk-pasted-'))
const db = openDatabase(join(dataDir, 'gatedesk.sqlite'))
const journal = createBulkJournal(db)
const imports = createImportSessions({ mappings: createBulkMappings(db), journal, dataDir })
afterAll(() => {
  db.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const TABLE = 'recurring-payment-id\tamount\tcredit-card-number\n100001\t10.00\t4111111111111111\n'
const DAY = 86_400_000

async function pasted() {
  const imported = await imports.paste(TABLE)
  return { importId: imported.importId, file: imports.get(imported.importId).source.path }
}

function jobOf(importId: string) {
  const session = imports.get(importId)
  return createBulkJob(journal, session.source, {
    environment: { id: 'env', name: 'Sandbox' },
    mapping: session.mapping,
    profileType: null,
    concurrency: 1,
    rate: null,
  })
}

describe('pasted tables', () => {
  it('are kept owner-only while imported, and deleted when the import closes without a job', async () => {
    const { importId, file } = await pasted()
    expect(statSync(file).mode & 0o777).toBe(0o600)
    imports.close(importId)
    expect(existsSync(file)).toBe(false)
  })

  it('stay while a job made from them may still need them', async () => {
    const { importId, file } = await pasted()
    const job = jobOf(importId)
    imports.close(importId)
    expect(existsSync(file)).toBe(true)

    journal.setState(job.id, 'paused', null)
    expect(sweepPastedTables(journal, dataDir, new Date(Date.now() + 365 * DAY))).toBe(0)
    journal.setState(job.id, 'finished', null)
    expect(sweepPastedTables(journal, dataDir, new Date(Date.now() + 29 * DAY))).toBe(0)
    expect(existsSync(file)).toBe(true)
    expect(sweepPastedTables(journal, dataDir, new Date(Date.now() + 31 * DAY))).toBe(1)
    expect(existsSync(file)).toBe(false)
  })

  it('of no job are swept at start, and an old import replaced by newer ones goes', async () => {
    const opened = [await pasted(), await pasted(), await pasted(), await pasted()]
    // Three imports stay open: the oldest one's file is gone already.
    expect(opened.map(({ file }) => existsSync(file))).toEqual([false, true, true, true])
    expect(() => imports.get(opened[0]!.importId)).toThrow('no longer open')
    expect(sweepPastedTables(journal, dataDir, new Date())).toBe(3)
    expect(opened.some(({ file }) => existsSync(file))).toBe(false)
  })
})
