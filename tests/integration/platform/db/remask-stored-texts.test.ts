import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../../main/platform/db/database'

// Earlier versions stored in the history and the bulk journal a card number echoed grouped by
// commas in full, and an SSN whose first group was also the CVV2 with its middle group left
// (***-45-6789). Opening the database masks them as GateDesk masks now, and no byte of the old
// texts stays in its files.
const dir = mkdtempSync(join(tmpdir(), 'gatedesk-remask-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const ECHOED_CARD = '4111,1111,1111,1111'
const LEAKED_SSN = '***-45-6789'
const echo = `card ${ECHOED_CARD} declined for ssn ${LEAKED_SSN}`

describe('texts an earlier version stored unmasked', () => {
  it('are masked when the database is opened, their old bytes overwritten', () => {
    const file = join(dir, 'gatedesk.sqlite')
    const earlier = openDatabase(file)
    earlier
      .prepare(
        `INSERT INTO request_history (sent_at, environment_id, environment_name, operation,
           parameters, outcome, error_message, message, message_params)
         VALUES ('2026-01-01', 'env', 'Live', 'update-recurring-payment', ?, 'declined', ?, ?, ?)`,
      )
      .run(
        JSON.stringify([
          ['client-orderid', 'ORD-1'],
          ['order_desc', echo],
        ]),
        echo,
        echo,
        JSON.stringify({ detail: echo, count: 2 }),
      )
    earlier
      .prepare(
        `INSERT INTO bulk_jobs (id, created_at, updated_at, source_path, source_sha256, encoding,
           delimiter, mapping, environment_id, environment_name, concurrency, order_prefix, state)
         VALUES ('job', 'now', 'now', 'f.csv', 'x', 'utf-8', ',', '[]', 'env', 'Live', 1, 'B', 'finished')`,
      )
      .run()
    earlier
      .prepare(
        `INSERT INTO bulk_rows (job_id, row_number, state, client_orderid, message, message_params,
           updated_at)
         VALUES ('job', 1, 'done', 'ORD-1', ?, ?, 'now')`,
      )
      .run(echo, JSON.stringify({ detail: echo }))
    earlier.pragma('user_version = 6')
    earlier.close()

    const db = openDatabase(file)
    const masked = `card 4111,11**,****,1111 declined for ssn ***-**-6789`
    expect(
      db
        .prepare(`SELECT parameters, error_message, message, message_params FROM request_history`)
        .get(),
    ).toEqual({
      parameters: JSON.stringify([
        ['client-orderid', 'ORD-1'],
        ['order_desc', masked],
      ]),
      error_message: masked,
      message: masked,
      message_params: JSON.stringify({ detail: masked, count: 2 }),
    })
    expect(db.prepare(`SELECT message, message_params FROM bulk_rows`).get()).toEqual({
      message: masked,
      message_params: JSON.stringify({ detail: masked }),
    })
    db.close()
    for (const name of readdirSync(dir)) {
      const bytes = readFileSync(join(dir, name)).toString('latin1')
      expect(bytes, name).not.toContain(ECHOED_CARD)
      expect(bytes, name).not.toContain(LEAKED_SSN)
    }
  })
})
