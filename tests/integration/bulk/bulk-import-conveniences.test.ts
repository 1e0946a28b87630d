import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { bulkHandlers } from '../../../main/bulk/bulk-handlers'
import { createBulkMappings } from '../../../main/bulk/bulk-mappings-repository'
import type { BulkService } from '../../../main/bulk/bulk-service'
import { createImportSessions } from '../../../main/bulk/import-sessions'
import type { FileDialogs } from '../../../main/platform/electron/dialogs'
import { openTestStore } from '../../fixtures/gatedesk-store'

// The import screen's conveniences, on the real store: a sample file that passes the checks,
// and amounts with a decimal comma offered for conversion instead of refused row by row.
const store = openTestStore()
afterAll(() => store.close())

const imports = createImportSessions({
  mappings: createBulkMappings(store.db),
  dataDir: store.dir,
  environments: () => store.environments.local.list(),
})

const chosen: { file: string | null } = { file: null }
const dialogs: FileDialogs = {
  chooseFileToOpen: async () => chosen.file,
  chooseFileToSave: async () => chosen.file,
}
const handlers = bulkHandlers({ bulk: {} as BulkService, imports, dialogs })

describe('the sample CSV', () => {
  it('is saved where the user picks, every column mapped, both rows passing the checks', async () => {
    chosen.file = join(store.dir, 'sample.csv')
    expect(await handlers['bulk:save-sample']({})).toEqual({
      kind: 'saved',
      fileName: 'sample.csv',
    })
    const opened = await handlers['bulk:open-file']({})
    if (opened.kind !== 'imported') throw new Error('not imported')
    expect(opened.import.rowCount).toBe(2)
    expect(opened.import.mapping).not.toContain(null)
    const preview = imports.preview(opened.import.importId, 'all', 0, 10)
    expect(preview.counts.withProblems).toBe(0)
    expect(preview.rows.flatMap((row) => row.problems)).toEqual([])
  })

  it('is not written when the dialog is cancelled', async () => {
    chosen.file = null
    expect(await handlers['bulk:save-sample']({})).toEqual({ kind: 'cancelled' })
  })
})

describe('amounts with a decimal comma', () => {
  const file = join(store.dir, 'decimal-commas.csv')
  const text = [
    'recurring-payment-id;amount;order_desc',
    '100001;12,50;Comma one',
    '100002;7.00;Point',
    '100003;3,5;Comma two',
    '100001;abc;Not an amount',
    '',
  ].join('\r\n')

  it('are offered once for their column, with how many, and converted all at once', async () => {
    writeFileSync(file, text)
    const opened = await imports.openFile(file, {})
    expect(opened.decimalCommas).toEqual([{ column: 1, parameter: 'amount', count: 2 }])
    const { importId } = opened
    expect(imports.preview(importId, 'problems', 0, 10).rows.map((r) => r.rowNumber)).toEqual([
      1, 3, 4,
    ])

    const { import: after, converted } = imports.convertDecimalCommas(importId, 1)
    expect(converted).toBe(2)
    expect(after.decimalCommas).toEqual([])
    const rows = imports.preview(importId, 'all', 0, 10).rows
    expect(rows.map((row) => row.cells[1])).toEqual(['12.50', '7.00', '3.5', 'abc'])
    expect(rows.map((row) => row.fixedColumns)).toEqual([[1], [], [1], []])
    // Only the row that is no amount at all is still refused; the file is left as it was.
    expect(imports.preview(importId, 'problems', 0, 10).rows.map((r) => r.rowNumber)).toEqual([4])
    expect(readFileSync(file, 'utf8')).toBe(text)
  })

  it('leave excluded rows and other columns alone', async () => {
    writeFileSync(file, text)
    const { importId } = await imports.openFile(file, {})
    imports.exclude(importId, [3], true)
    expect(imports.convertDecimalCommas(importId, 1).converted).toBe(1)
    expect(imports.convertDecimalCommas(importId, 2).converted).toBe(0)
    expect(imports.preview(importId, 'all', 0, 10).rows[2]!.cells[1]).toBe('3,5')
  })
})
