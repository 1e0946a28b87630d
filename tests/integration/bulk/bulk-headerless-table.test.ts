import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createImportSessions } from '../../../main/bulk/import-sessions'
import { main } from '../../../main/cli/main'
import { createBulkMappings } from '../../../main/bulk/bulk-mappings-repository'
import { DATA_DIR_VARIABLE } from '../../../main/platform/db/data-dir'
import { openDatabase } from '../../../main/platform/db/database'

// A table pasted or saved without its header line has its first row of data taken for the
// headers: a card number and a CVV2 among them. Column mappings are remembered by header in the
// database, and the command line printed the headers when none named recurring-payment-id: the
// card data must reach neither.
const dir = mkdtempSync(join(tmpdir(), 'gatedesk-headerless-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const PAN = '378282246310005'
const CVV2 = '7294'
const MAPPING = [
  'recurring-payment-id',
  'amount',
  'credit-card-number',
  'card-printed-name',
  'expire-year',
  'expire-month',
  'cvv2',
]
const rows = [1, 2, 3].map((row) => [
  `10000${row}`,
  `${row}.50`,
  PAN,
  'ANNA ONEIL',
  '2030',
  '12',
  CVV2,
])

function filesUnder(folder: string): string[] {
  if (!existsSync(folder)) return []
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
}

/** The files under `folder` holding the card number or the CVV2 (as a value of its own). */
function cardDataIn(folder: string): string[] {
  const cvv2 = new RegExp(`(?<![0-9A-Za-z.:-])${CVV2}(?![0-9A-Za-z.:-])`)
  return filesUnder(folder).filter((file) => {
    const text = readFileSync(file).toString('latin1')
    return text.includes(PAN) || cvv2.test(text)
  })
}

describe('a table without its header line', () => {
  it('mapped by hand in the window: its first row is shown masked and not remembered as headers', async () => {
    const dataDir = join(dir, 'app')
    const db = openDatabase(join(dataDir, 'gatedesk.sqlite'))
    const mappings = createBulkMappings(db)
    const imports = createImportSessions({ mappings, dataDir })
    const imported = await imports.paste(rows.map((row) => row.join('\t')).join('\n'))
    // The window sees that first row masked as the others: the card number by its pattern.
    expect(imported.headers[2]).toBe('378282*****0005')
    const mapped = imports.setMapping(imported.importId, MAPPING)
    // Once mapped, as its parameters are masked: the CVV2 too.
    expect(mapped.headers).toEqual([
      '100001',
      '1.50',
      '378282*****0005',
      'ANNA ONEIL',
      '2030',
      '12',
      '***',
    ])
    imports.close(imported.importId)
    // A proper header line is still remembered.
    mappings.save(['Card number', 'CVV2'], ['credit-card-number', 'cvv2'])
    expect([...mappings.saved().keys()]).toEqual(['card number', 'cvv2'])
    db.close()
    expect(cardDataIn(dataDir)).toEqual([])
  })

  it('remembered by an earlier version: forgotten when the database is opened, its bytes too', () => {
    const file = join(dir, 'earlier', 'gatedesk.sqlite')
    const earlier = openDatabase(file)
    createBulkMappings(earlier).save(['Card number', 'CVV2'], ['credit-card-number', 'cvv2'])
    // As an earlier version left it: a row of data's cells remembered as headers.
    const insert = earlier.prepare(
      `INSERT INTO bulk_column_mappings (header, parameter, updated_at) VALUES (?, ?, '2026-01-01')`,
    )
    insert.run(PAN, 'credit-card-number')
    insert.run(CVV2, 'cvv2')
    earlier.pragma('user_version = 5')
    earlier.close()
    const db = openDatabase(file)
    expect([...createBulkMappings(db).saved().keys()]).toEqual(['card number', 'cvv2'])
    db.close()
    expect(cardDataIn(join(dir, 'earlier'))).toEqual([])
  })

  it('given to bulk-update: named by column, never printed', async () => {
    const dataDir = join(dir, 'cli')
    process.env[DATA_DIR_VARIABLE] = dataDir
    const input = join(dir, 'updates.csv')
    writeFileSync(input, `${rows.map((row) => row.join(',')).join('\n')}\n`)
    const connection = join(dir, 'connection.json')
    writeFileSync(
      connection,
      JSON.stringify({ baseUrl: 'https://127.0.0.1:9', endpointId: '1001', merchantLogin: 'demo' }),
    )
    let stdout = ''
    let stderr = ''
    const code = await main(['bulk-update', '--connection', connection, '--input', input], {
      stdout: (text) => (stdout += text),
      stderr: (text) => (stderr += text),
    })
    expect(code).toBe(1)
    expect(stderr).toContain(
      'no column is recurring-payment-id (the headers are column 1, column 2, column 3, column 4, column 5, column 6, column 7). Its first line is not column names: it may be a row of data.',
    )
    expect(`${stdout}${stderr}`).not.toContain(PAN)
    expect(stderr).not.toContain('ANNA')
    expect(stderr).not.toContain(CVV2)
    expect(cardDataIn(dataDir)).toEqual([])
  })
})
