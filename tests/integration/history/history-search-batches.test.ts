import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../main/platform/db/database'
import { createHistoryRepository } from '../../../main/history/history-repository'
import { TEXT_INDEX_BATCH } from '../../../main/history/history-text-index'

// History's search index filled in batches (migration 12), on real SQLite files: a search still
// finds every entry, whichever connection wrote it and whenever its result came.
const dir = mkdtempSync(join(tmpdir(), 'gatedesk-history-batches-'))
const file = join(dir, 'gatedesk.sqlite')
const db = openDatabase(file)
// Another process on the same file (a CLI run).
const other = openDatabase(file)
afterAll(() => {
  db.close()
  other.close()
  rmSync(dir, { recursive: true, force: true })
})

const history = createHistoryRepository(db)
const otherHistory = createHistoryRepository(other)
const environment = { id: 'env-sandbox', name: 'Sandbox' }

function sending(repository: typeof history, orderId: string) {
  return repository.recordSending({
    environment,
    operation: 'update-recurring-payment',
    parameters: [['client-orderid', orderId]],
  })
}

function sent(repository: typeof history, orderId: string, serialNumber = `SER-${orderId}`) {
  const id = sending(repository, orderId)
  repository.recordResult(id, { outcome: 'approved', serialNumber, message: 'Accepted.' })
  return id
}

const indexed = () =>
  (db.prepare(`SELECT count(*) AS n FROM request_history_text`).get() as { n: number }).n
const ids = (text: string) => history.search({ text }).entries.map((entry) => entry.id)

describe('History search index filled in batches', () => {
  it('indexes nothing as each result is recorded, and a search indexes what it has not first', () => {
    const first = sent(history, 'BATCH-ONE')
    const second = sent(otherHistory, 'BATCH-TWO')
    expect(indexed()).toBe(0)
    expect(ids('BATCH-')).toEqual([second, first])
    expect(indexed()).toBe(2)
    // Nothing new: the search writes nothing.
    expect(ids('BATCH-TWO')).toEqual([second])
    expect(indexed()).toBe(2)
  })

  it('finds an entry that was sending when its batch was indexed, once its result comes', () => {
    const late = sending(history, 'LATE-ONE')
    const before = sent(history, 'EARLY-ONE')
    expect(ids('EARLY-ONE')).toEqual([before])
    // Still sending: not found, as before the batches.
    expect(ids('LATE-ONE')).toEqual([])
    history.recordResult(late, { outcome: 'declined', errorCode: '301', message: 'Declined.' })
    expect(ids('LATE-ONE')).toEqual([late])
  })

  it('finds an entry under its new texts when it changes after it was indexed', () => {
    const changed = sent(history, 'CHANGE-ONE', 'SER-BEFORE')
    expect(ids('SER-BEFORE')).toEqual([changed])
    db.prepare(`UPDATE request_history SET serial_number = 'SER-AFTER' WHERE id = ?`).run(changed)
    expect(ids('SER-BEFORE')).toEqual([])
    expect(ids('SER-AFTER')).toEqual([changed])
  })

  it('indexes a batch with the result that completes it, so no backlog grows without a search', () => {
    const before = indexed()
    // A connection that has recorded no result yet counts from none.
    const fresh = createHistoryRepository(other)
    for (let row = 1; row < TEXT_INDEX_BATCH; row++) sent(fresh, `MANY-${row}`)
    expect(indexed()).toBe(before)
    sent(fresh, `MANY-${TEXT_INDEX_BATCH}`)
    expect(indexed()).toBe(before + TEXT_INDEX_BATCH)
    expect(history.search({ text: 'MANY-', limit: 500 }).total).toBe(TEXT_INDEX_BATCH)
  })
})
