import { rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import iconv from 'iconv-lite'
import { afterAll, describe, expect, it } from 'vitest'
import { CsvError } from '../../../../main/platform/csv/csv-error'
import { detectFileFormat } from '../../../../main/platform/csv/csv-format'
import { readRowRange, readRowsById } from '../../../../main/platform/csv/row-window'
import { transcodeToUtf8 } from '../../../../main/platform/csv/transcode'
import { caught } from '../../../fixtures/caught'
import { csvScratch, TRICKY_CSV, TRICKY_ROWS, wordedAsMain } from '../../../fixtures/csv-files'

const scratch = csvScratch()
afterAll(() => scratch.close())

const CYRILLIC_CSV = '"Магазин";"Сумма"\r\n"Ромашка; ООО";"1,5"\r\n"""Весна"", ёлки";"2"\r\n'
const CYRILLIC_ROWS = [
  ['Ромашка; ООО', '1,5'],
  ['"Весна", ёлки', '2'],
]

describe('reading rows by the index', () => {
  it('reads every row of a tricky file exactly as papaparse unquotes it', async () => {
    const file = await scratch.open(scratch.write('tricky.csv', TRICKY_CSV))
    expect(file.index.rowCount).toBe(TRICKY_ROWS.length)
    expect(await readRowRange(file, 0, TRICKY_ROWS.length)).toEqual(TRICKY_ROWS)
    expect(await readRowRange(file, 2, 4)).toEqual(TRICKY_ROWS.slice(2, 4))
    expect(await readRowRange(file, 3, 3)).toEqual([])
  })

  it('reads a list of rows in the order asked, repeats included', async () => {
    const file = await scratch.open(scratch.write('list.csv', TRICKY_CSV))
    const ids = [6, 0, 4, 5, 0, 3]
    expect(await readRowsById(file, ids)).toEqual(ids.map((id) => TRICKY_ROWS[id]))
  })

  it('reads rows far apart in a larger file, one read for each group of nearby rows', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => [`row ${i}`, 'x'.repeat(i % 97), `"${i}"`])
    const text = `"a","b","c"\n${rows.map((row) => row.map((v) => `"${v.replaceAll('"', '""')}"`).join(',')).join('\n')}`
    const { file, counted } = await scratch.openCounting(scratch.write('far.csv', text))
    const ids = [2999, 0, 1500, 1501, 1502, 7, 2998, 7]
    expect(await readRowsById(file, ids)).toEqual(ids.map((id) => rows[id]))
    expect(counted.reads).toBe(3)
    expect(await readRowRange(file, 1490, 1510)).toEqual(rows.slice(1490, 1510))
    expect(counted.reads).toBe(4)
  })

  it('returns a ragged row with the fields it has, and a row whose quote never closes', async () => {
    const file = await scratch.open(
      scratch.write('ragged.csv', 'a,b,c\n1,2,3,4\n5\n6,"open\n7,8\n'),
    )
    expect(await readRowRange(file, 0, 3)).toEqual([
      ['1', '2', '3', '4'],
      ['5'],
      ['6', 'open\n7,8\n'],
    ])
  })

  it.each([
    ['windows-1251', 'windows-1251'],
    ['KOI8-R', 'koi8-r'],
  ])('reads a %s file with Cyrillic text', async (hint, encoding) => {
    const path = scratch.write(`${encoding}.csv`, iconv.encode(CYRILLIC_CSV, encoding))
    const file = await scratch.open(path, { encoding: hint })
    expect(file.format).toMatchObject({ encoding, delimiter: ';', byteScannable: true })
    expect(await readRowRange(file, 0, 2)).toEqual(CYRILLIC_ROWS)
  })

  it.each([',', ';', '\t', '|'])('reads rows delimited by %j', async (d) => {
    const text = `"a"${d}"b"\n"1${d}2"${d}",;\t|"\nx${d}"y""z"\n`
    const file = await scratch.open(scratch.write('delimited.csv', text), { delimiter: d })
    expect(await readRowRange(file, 0, 2)).toEqual([
      [`1${d}2`, ',;\t|'],
      ['x', 'y"z'],
    ])
  })

  it('reads a UTF-16 file through a UTF-8 copy without its byte order mark', async () => {
    const source = scratch.write(
      'utf16.csv',
      Buffer.concat([Buffer.of(0xff, 0xfe), iconv.encode(TRICKY_CSV.slice(1), 'utf-16le')]),
    )
    expect(await detectFileFormat(source)).toMatchObject({
      encoding: 'utf-16le',
      byteScannable: false,
    })
    const copy = `${source}.utf8`
    await transcodeToUtf8(source, 'utf-16le', copy)
    expect((await readFile(copy, 'utf8')).startsWith('"Name"')).toBe(true)
    const file = await scratch.open(copy)
    expect(await readRowRange(file, 0, TRICKY_ROWS.length)).toEqual(TRICKY_ROWS)
  })
})

describe('a file that changed since it was indexed', () => {
  it('is not read: the user is told to open it again', async () => {
    const path = scratch.write('changed.csv', 'a,b\n1,2\n3,4\n')
    const file = await scratch.open(path)
    writeFileSync(path, 'a,b\n9,9\n3,4\n')
    const { mtime } = statSync(path)
    utimesSync(path, mtime, new Date(mtime.getTime() + 5000))
    const error = await caught(() => wordedAsMain(readRowRange(file, 0, 1)), CsvError)
    expect(error.code).toBe('file-changed')
    expect(error.message).toMatch(/"changed\.csv" changed since GateDesk opened it\. Open it again/)
  })

  it('is not read once it was cut short, even by ids', async () => {
    const path = scratch.write('shorter.csv', 'a,b\n1,2\n3,4\n')
    const file = await scratch.open(path)
    writeFileSync(path, 'a,b\n')
    expect((await caught(() => wordedAsMain(readRowsById(file, [1])), CsvError)).code).toBe(
      'file-changed',
    )
  })

  it('is not read once it was deleted', async () => {
    const path = scratch.write('deleted.csv', 'a,b\n1,2\n')
    const file = await scratch.open(path)
    rmSync(path)
    const error = await caught(() => wordedAsMain(readRowRange(file, 0, 1)), CsvError)
    expect(error.code).toBe('file-missing')
    expect(error.message).toMatch(/"deleted\.csv" is no longer there.*Open it again/)
  })
})
