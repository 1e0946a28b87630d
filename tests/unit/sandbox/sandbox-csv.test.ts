import { buffer, text } from 'node:stream/consumers'
import iconv from 'iconv-lite'
import { describe, expect, it } from 'vitest'
import { csvRecord, csvReportStream } from '../../../main/sandbox/reports/csv-report'

describe('CSV report', () => {
  it('quotes every field, doubles quotes and keeps line breaks and delimiters inside fields', () => {
    expect(csvRecord(['a,b', 'say "hi"', 'x\r\ny', ''], ',')).toBe(
      '"a,b","say ""hi""","x\r\ny",""\r\n',
    )
    expect(csvRecord(['a;b', 'c'], ';')).toBe('"a;b";"c"\r\n')
  })

  it('encodes in the chosen charset, a page at a time', async () => {
    const pages = [[['Ромашка', '1']], [['«Весна»', '2']]]
    const bytes = await buffer(csvReportStream(['Name', 'Id'], pages, ';', 'windows-1251'))
    expect(iconv.decode(bytes, 'windows-1251')).toBe(
      '"Name";"Id"\r\n"Ромашка";"1"\r\n"«Весна»";"2"\r\n',
    )
    expect(bytes.includes(Buffer.from('Ромашка'))).toBe(false)
  })

  it('writes UTF-8 without a byte order mark', async () => {
    const csv = await text(csvReportStream(['Name'], [[['Café']]], ',', 'UTF-8'))
    expect(csv).toBe('"Name"\r\n"Café"\r\n')
  })
})
