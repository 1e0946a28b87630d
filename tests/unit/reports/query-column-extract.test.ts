import { readFileSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import Papa from 'papaparse'
import { afterAll, describe, expect, it } from 'vitest'
import { rowReader } from '../../../main/platform/csv/csv-file'
import { rowFields } from '../../../main/platform/csv/row-fields'
import { extractColumns } from '../../../main/reports/query/column-extract'
import { csvScratch, scanBytes, TRICKY_CSV, TRICKY_ROWS } from '../../fixtures/csv-files'

const scratch = csvScratch()
afterAll(() => scratch.close())

/** The rows of the file as the window reads them: the row index's rows, each by `rowFields`. */
function windowRows(bytes: Buffer, delimiter: string): string[][] {
  const { offsets, rowCount } = scanBytes(bytes, delimiter)
  const reader = rowReader({
    encoding: 'utf-8',
    delimiter,
    byteOrderMarkLength: 0,
    byteScannable: true,
  })
  return Array.from({ length: rowCount }, (_, id) => {
    const end = offsets[id + 1]!
    return rowFields(bytes.subarray(offsets[id], end), end < bytes.length, reader)
  })
}

/** What `extractColumns` wrote, read back (it is plain, well-formed CSV). */
function written(file: string, width: number): string[][] {
  const text = readFileSync(file, 'utf8')
  if (text === '') return []
  const rows = Papa.parse<string[]>(text, { delimiter: ',', newline: '\n' }).data
  expect(rows.pop()).toEqual([''])
  // With no column wanted, each row is one empty value.
  return width === 0 ? rows.map(() => []) : rows
}

let targets = 0

async function extracted(bytes: Buffer, delimiter: string, columns: number[], readBytes?: number) {
  const file = scratch.write('report.csv', bytes)
  // Each extraction writes a new file, as each load does in a folder of its own.
  const target = join(scratch.dir, `columns-${++targets}.csv`)
  const result = await extractColumns(file, target, { delimiter, columns, readBytes })
  return { ...result, rows: written(target, columns.length) }
}

describe('extracting columns for DuckDB', () => {
  it('never writes through a link planted where its file goes', async () => {
    const victim = scratch.write('victim.txt', 'the victim file')
    const target = join(scratch.dir, 'planted-columns.csv')
    symlinkSync(victim, target)
    const file = scratch.write('planted.csv', '"a"\n"1"\n')
    await expect(extractColumns(file, target, { delimiter: ',', columns: [0] })).rejects.toThrow(
      /EEXIST/,
    )
    expect(readFileSync(victim, 'utf8')).toBe('the victim file')
  })

  it('writes each wanted field of every row as the window reads it', async () => {
    const bytes = Buffer.from(TRICKY_CSV)
    for (const readBytes of [undefined, 1, 2, 3, 7, 64]) {
      const { rows, rowCount, lineBreaks } = await extracted(bytes, ',', [2, 0, 1], readBytes)
      expect(rowCount).toBe(TRICKY_ROWS.length)
      expect(rows).toEqual(TRICKY_ROWS.map((row) => [row[2] ?? '', row[0] ?? '', row[1] ?? '']))
      expect(lineBreaks).toBe(true)
    }
    const amounts = await extracted(bytes, ',', [2], 5)
    expect(amounts.rows).toEqual(TRICKY_ROWS.map((row) => [row[2] ?? '']))
    expect(amounts.lineBreaks).toBe(false)
  })

  it('writes one line per row when no column is wanted, and none for a header alone', async () => {
    expect(await extracted(Buffer.from('a,b\r\n1,2\r\n\r\n3,4'), ',', [])).toMatchObject({
      rowCount: 2,
      rows: [[], []],
    })
    expect(await extracted(Buffer.from('"a","b"\r\n'), ',', [0])).toMatchObject({
      rowCount: 0,
      rows: [],
    })
    expect(await extracted(Buffer.from(''), ',', [0])).toMatchObject({ rowCount: 0, rows: [] })
  })

  const DELIMITERS = [',', ';', '\t', '|']
  const CHARACTERS = ['a', 'z', ' ', '"', ',', ';', '\t', '|', '\r', '\n', 'é', '😀']
  const cell = fc.array(fc.constantFrom(...CHARACTERS), { maxLength: 5 }).map((c) => c.join(''))
  // Fields quoted or not, well-formed or not (a bare quote, spaces after a closing quote…).
  const rawField = fc.oneof(
    cell,
    cell.map((value) => `"${value.replaceAll('"', '""')}"`),
    fc
      .tuple(cell, fc.constantFrom(' ', '\t', 'x', '"', ' "'))
      .map(([v, after]) => `"${v}"${after}`),
  )
  const csvCase = fc.record({
    delimiter: fc.constantFrom(...DELIMITERS),
    lineBreak: fc.constantFrom('\n', '\r\n', '\r'),
    rows: fc.array(fc.array(rawField, { minLength: 1, maxLength: 5 }), {
      minLength: 1,
      maxLength: 12,
    }),
    finalLineBreak: fc.boolean(),
    byteOrderMark: fc.boolean(),
    columns: fc.uniqueArray(fc.nat(6), { maxLength: 4 }),
    readBytes: fc.integer({ min: 1, max: 40 }),
  })

  it('agrees with the window on any file, cut anywhere', async () => {
    await fc.assert(
      fc.asyncProperty(csvCase, async (c) => {
        const text =
          c.rows.map((row) => row.join(c.delimiter)).join(c.lineBreak) +
          (c.finalLineBreak ? c.lineBreak : '')
        const bytes = Buffer.from(c.byteOrderMark ? `\ufeff${text}` : text)
        const expected = windowRows(bytes, c.delimiter).map((row) =>
          c.columns.map((column) => row[column] ?? ''),
        )
        const result = await extracted(bytes, c.delimiter, c.columns, c.readBytes)
        expect(result.rowCount).toBe(expected.length)
        expect(result.rows).toEqual(c.columns.length === 0 ? expected.map(() => []) : expected)
        expect(result.lineBreaks).toBe(expected.some((row) => row.some((v) => /[\r\n]/.test(v))))
      }),
      { numRuns: 400 },
    )
  })
})
