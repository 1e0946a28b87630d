import iconv from 'iconv-lite'
import { afterAll, describe, expect, it } from 'vitest'
import { CsvError } from '../../../../main/platform/csv/csv-error'
import { detectFileFormat } from '../../../../main/platform/csv/csv-format'
import { caught } from '../../../fixtures/caught'
import { csvScratch } from '../../../fixtures/csv-files'

const scratch = csvScratch()
afterAll(() => scratch.close())

const REPORT =
  '"Merchant_Name","Amount","Currency"\r\n"Ромашка","1.500","EUR"\r\n"Весна","2.000","RUB"\r\n'

describe('CSV format detection', () => {
  it('tells UTF-8 from windows-1251 when the request named no encoding', async () => {
    const utf8 = scratch.write('utf8.csv', REPORT)
    const cp1251 = scratch.write('cp1251.csv', iconv.encode(REPORT, 'windows-1251'))
    expect(await detectFileFormat(utf8)).toEqual({
      encoding: 'utf-8',
      byteOrderMarkLength: 0,
      delimiter: ',',
      byteScannable: true,
    })
    expect(await detectFileFormat(cp1251)).toMatchObject({ encoding: 'windows-1251' })
  })

  it('still reads UTF-8 when its first 64 KiB end inside a character', async () => {
    const text = `"a"\n${'x'.repeat(64 * 1024 - 5)}ж\n`
    expect(
      Buffer.from(text)
        .subarray(0, 64 * 1024)
        .toString()
        .endsWith('\ufffd'),
    ).toBe(true)
    expect(await detectFileFormat(scratch.write('cut.csv', text))).toMatchObject({
      encoding: 'utf-8',
    })
  })

  it.each([
    ['UTF-8', 'utf-8'],
    ['utf8', 'utf-8'],
    ['cp1251', 'cp1251'],
    ['KOI8-R', 'koi8-r'],
  ])('takes the encoding the request named: %s', async (hint, encoding) => {
    const path = scratch.write('hinted.csv', iconv.encode(REPORT, hint))
    expect(await detectFileFormat(path, { encoding: hint })).toMatchObject({ encoding })
  })

  it('names an encoding it does not know', async () => {
    const path = scratch.write('unknown.csv', REPORT)
    const error = await caught(() => detectFileFormat(path, { encoding: 'latin-9000' }), CsvError)
    expect(error.code).toBe('unknown-encoding')
    expect(error.message).toContain('"latin-9000"')
  })

  it('trusts a byte order mark over the request, and knows UTF-16 needs a UTF-8 copy', async () => {
    const marked = scratch.write('marked.csv', `\ufeff${REPORT}`)
    expect(await detectFileFormat(marked, { encoding: 'windows-1251' })).toMatchObject({
      encoding: 'utf-8',
      byteOrderMarkLength: 3,
    })
    const utf16 = scratch.write('utf16.csv', iconv.encode(REPORT, 'utf-16be', { addBOM: true }))
    expect(await detectFileFormat(utf16)).toEqual({
      encoding: 'utf-16be',
      byteOrderMarkLength: 2,
      delimiter: ',',
      byteScannable: false,
    })
  })

  it.each([',', ';', '\t', '|'])('guesses the delimiter %j', async (d) => {
    const path = scratch.write('guess.csv', REPORT.replaceAll('","', `"${d}"`))
    expect(await detectFileFormat(path)).toMatchObject({ delimiter: d })
  })

  it('takes the delimiter the request named, if it is one character', async () => {
    const path = scratch.write('named.csv', REPORT)
    expect(await detectFileFormat(path, { delimiter: ';' })).toMatchObject({ delimiter: ';' })
    for (const delimiter of ['"', '::', '\n', '¦']) {
      const error = await caught(() => detectFileFormat(path, { delimiter }), CsvError)
      expect(error.code).toBe('bad-delimiter')
    }
  })

  it('refuses binary files, empty files and missing files with a clear message', async () => {
    const png = scratch.write('image.png', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'))
    const controls = scratch.write('controls.csv', Buffer.alloc(200, 0x01))
    for (const binary of [png, controls]) {
      const error = await caught(() => detectFileFormat(binary), CsvError)
      expect(error.code).toBe('binary-file')
      expect(error.message).toMatch(/does not look like a CSV report: it contains binary data/)
    }
    for (const empty of ['', '\ufeff']) {
      const error = await caught(
        () => detectFileFormat(scratch.write('empty.csv', empty)),
        CsvError,
      )
      expect(error.message).toBe('"empty.csv" is empty: there is no report in it.')
    }
    const missing = await caught(() => detectFileFormat(`${scratch.dir}/none.csv`), CsvError)
    expect(missing.code).toBe('file-missing')
  })
})
