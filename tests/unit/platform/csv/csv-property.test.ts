import fc from 'fast-check'
import Papa from 'papaparse'
import { afterAll, describe, expect, it } from 'vitest'
import { readRowRange, readRowsById } from '../../../../main/platform/csv/row-window'
import { csvScratch, scanBytes } from '../../../fixtures/csv-files'

const scratch = csvScratch()
afterAll(() => scratch.close())

const DELIMITERS = [',', ';', '\t', '|']
const LINE_BREAKS = ['\n', '\r\n', '\r']
/** Characters that matter to CSV, and some that are more than one byte in UTF-8. */
const CHARACTERS = ['a', 'z', ' ', '"', ',', ';', '\t', '|', '\r', '\n', 'é', 'ж', '😀']

const field = fc.record({
  value: fc.array(fc.constantFrom(...CHARACTERS), { maxLength: 6 }).map((c) => c.join('')),
  quoted: fc.boolean(),
  /** Spaces papaparse allows between a closing quote and what follows. */
  padding: fc.constantFrom('', '', ' ', ' \t '),
})
const csvCase = fc.record({
  delimiter: fc.constantFrom(...DELIMITERS),
  lineBreak: fc.constantFrom(...LINE_BREAKS),
  header: fc.array(field, { minLength: 2, maxLength: 5 }),
  rows: fc.array(fc.array(field, { minLength: 1, maxLength: 6 }), { maxLength: 25 }),
  finalLineBreak: fc.boolean(),
  byteOrderMark: fc.boolean(),
  chunkSizes: fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 12 }),
  ids: fc.array(fc.nat(), { maxLength: 12 }),
})

type Field = { value: string; quoted: boolean; padding: string }

function render(row: Field[], delimiter: string): string {
  // A lone empty field is a blank line, which papaparse (skipEmptyLines) and the index skip.
  if (row.length === 1 && row[0]!.value === '') return ''
  const plainAllowed = (value: string) =>
    !value.startsWith('"') && !value.includes(delimiter) && !/[\r\n]/.test(value)
  return row
    .map(({ value, quoted, padding }) =>
      quoted || !plainAllowed(value) ? `"${value.replaceAll('"', '""')}"${padding}` : value,
    )
    .join(delimiter)
}

describe('index and windows against papaparse', () => {
  it('read every generated file row for row as papaparse parses the whole text', async () => {
    await fc.assert(
      fc.asyncProperty(csvCase, async (c) => {
        const lines = [c.header, ...c.rows].map((row) => render(row, c.delimiter))
        const text = lines.join(c.lineBreak) + (c.finalLineBreak ? c.lineBreak : '')
        const expected = Papa.parse<string[]>(text, {
          delimiter: c.delimiter,
          newline: c.lineBreak as '\n',
          skipEmptyLines: true,
        }).data.slice(1)

        const bytes = Buffer.from(c.byteOrderMark ? `\ufeff${text}` : text)
        const file = await scratch.open(scratch.write('case.csv', bytes), {
          delimiter: c.delimiter,
        })
        expect(file.index.rowCount).toBe(expected.length)
        expect(file.index).toMatchObject(scanBytes(bytes, c.delimiter, c.chunkSizes))
        expect(await readRowRange(file, 0, expected.length)).toEqual(expected)
        if (expected.length > 0) {
          const ids = c.ids.map((id) => id % expected.length)
          expect(await readRowsById(file, ids)).toEqual(ids.map((id) => expected[id]))
        }
      }),
      { numRuns: 300 },
    )
  })
})
