import { afterAll, describe, expect, it } from 'vitest'
import { CsvError } from '../../../../main/platform/csv/csv-error'
import { readHead } from '../../../../main/platform/csv/head-reader'
import { readRowRange } from '../../../../main/platform/csv/row-window'
import { caught } from '../../../fixtures/caught'
import { csvScratch, TRICKY_CSV, TRICKY_ROWS } from '../../../fixtures/csv-files'

const scratch = csvScratch()
afterAll(() => scratch.close())

const quoted = (fields: string[]) =>
  `${fields.map((f) => `"${f.replaceAll('"', '""')}"`).join(',')}\r\n`

describe('the head of a CSV file', () => {
  it('gives the column names without the byte order mark, and the first rows', async () => {
    const file = await scratch.open(scratch.write('tricky.csv', TRICKY_CSV))
    expect(await readHead(file)).toEqual({
      columns: ['Name', 'Note', 'Amount'],
      rows: TRICKY_ROWS,
      headerFieldCount: 3,
    })
    expect(await readHead(file, 2)).toEqual({
      columns: ['Name', 'Note', 'Amount'],
      rows: TRICKY_ROWS.slice(0, 2),
      headerFieldCount: 3,
    })
  })

  it('reads only the start of a large file', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => [`shop ${i}`, `${i}.000`])
    const path = scratch.write('large.csv', quoted(['Name', 'Amount']) + rows.map(quoted).join(''))
    const { file, counted } = await scratch.openCounting(path)
    expect(await readHead(file)).toEqual({
      columns: ['Name', 'Amount'],
      rows: rows.slice(0, 100),
      headerFieldCount: 2,
    })
    expect(counted.bytesRead).toBe(64 * 1024)
  })

  it('reads on until the first rows are complete, and they match the rows read by index', async () => {
    const rows = Array.from({ length: 150 }, (_, i) => [`row ${i}`, `long\r\n${'x'.repeat(2000)}`])
    const path = scratch.write('long-rows.csv', quoted(['a', 'b']) + rows.map(quoted).join(''))
    const { file, counted } = await scratch.openCounting(path)
    const head = await readHead(file)
    expect(counted.bytesRead).toBe(256 * 1024)
    expect(head.rows).toEqual(rows.slice(0, 100))
    expect(head.rows).toEqual(await readRowRange(file, 0, 100))
  })

  it('reads a file that holds only a header, or fewer rows than asked', async () => {
    for (const text of ['"a","b"', '"a","b"\r\n', '"a","b"\r\n\r\n']) {
      const file = await scratch.open(scratch.write('header.csv', text))
      expect(await readHead(file)).toEqual({ columns: ['a', 'b'], rows: [], headerFieldCount: 2 })
    }
    const file = await scratch.open(scratch.write('few.csv', '"a","b"\r\n"1","2"'))
    expect(await readHead(file)).toEqual({
      columns: ['a', 'b'],
      rows: [['1', '2']],
      headerFieldCount: 2,
    })
  })

  it('says a file of blank lines is empty', async () => {
    const file = await scratch.open(scratch.write('blank.csv', '\r\n\r\n'))
    const error = await caught(() => readHead(file), CsvError)
    expect(error.message).toBe('"blank.csv" is empty: there is no report in it.')
  })

  it('refuses a file with too many columns, or whose first row never ends', async () => {
    const wide = await scratch.open(scratch.write('wide.csv', `${'c,'.repeat(600)}c\n1\n`))
    expect((await caught(() => readHead(wide), CsvError)).code).toBe('too-many-columns')
    const endless = await scratch.open(scratch.write('endless.csv', `"a","${'x'.repeat(17 << 20)}`))
    expect((await caught(() => readHead(endless), CsvError)).code).toBe('row-too-long')
  })
})
