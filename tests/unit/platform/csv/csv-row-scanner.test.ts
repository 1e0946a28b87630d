import { describe, expect, it } from 'vitest'
import { cutAfterLineBreak, joinScans } from '../../../../main/platform/csv/row-scan-parts'
import { RowScanner } from '../../../../main/platform/csv/row-scanner'
import { rowTexts, scanBytes, TRICKY_CSV } from '../../../fixtures/csv-files'

const bytes = (text: string) => Buffer.from(text)
const texts = (text: string, delimiter = ',') =>
  rowTexts(bytes(text), scanBytes(bytes(text), delimiter))

describe('row scanner', () => {
  it('finds every row of a file with every kind of line break and quote', () => {
    const scan = scanBytes(bytes(TRICKY_CSV))
    expect(rowTexts(bytes(TRICKY_CSV), scan)).toEqual([
      '"Café ""Ромашка""","line one\r\nline two",1.000',
      'plain,"cr\rinside",2',
      'bare "quote" here,x,3',
      '"lf\ninside","😀",4',
      'ragged,row',
      '"",,',
      '"no newline at end","x",5',
    ])
    expect(scan.headerFieldCount).toBe(3)
  })

  it('finds the same rows wherever the file is cut into chunks', () => {
    const file = bytes(TRICKY_CSV)
    const whole = scanBytes(file)
    // Every cut into three chunks: inside the byte order mark, a CRLF, a multi-byte character…
    for (let first = 0; first <= file.length; first++) {
      for (let second = first; second <= file.length; second++) {
        const scan = scanBytes(file, ',', [first, second - first])
        if (JSON.stringify(scan) !== JSON.stringify(whole)) {
          expect.fail(`cut at ${first} and ${second}: ${JSON.stringify(scan)}`)
        }
      }
    }
    expect(scanBytes(file, ',', Array<number>(file.length).fill(1))).toEqual(whole)
  })

  it('counts the last row with or without a final newline, and never an empty one', () => {
    expect(texts('h\na\nb')).toEqual(['a', 'b'])
    expect(texts('h\r\na\r\nb\r\n')).toEqual(['a', 'b'])
    expect(texts('h\ra\rb\r')).toEqual(['a', 'b'])
  })

  it('skips blank lines but keeps a row of one empty quoted field or of spaces', () => {
    expect(texts('h\n\n\r\n\r\r\na\n\n\n')).toEqual(['a'])
    expect(texts('h\n""\n \n')).toEqual(['""', ' '])
  })

  it('skips a UTF-8 byte order mark before the header, and nothing that only looks like one', () => {
    const withMark = new RowScanner({ delimiter: 0x2c, maxProblems: 10 })
    withMark.feed(Uint8Array.of(0xef, 0xbb, 0xbf, 0x61, 0x0a, 0x62))
    expect(withMark.headerStart).toBe(3)
    const lookalike = new RowScanner({ delimiter: 0x2c, maxProblems: 10 })
    lookalike.feed(Uint8Array.of(0xef, 0xbb))
    lookalike.feed(Uint8Array.of(0x61, 0x0a, 0x62))
    expect(lookalike.headerStart).toBe(0)
    expect(lookalike.finish().rowCount).toBe(1)
  })

  it('finds no row in an empty file, or in one holding only a header', () => {
    for (const empty of ['', '\ufeff', '\r\n\n']) {
      expect(scanBytes(bytes(empty))).toMatchObject({ rowCount: 0, headerFieldCount: 0 })
    }
    for (const headerOnly of ['"a","b","c"', '"a","b","c"\r\n']) {
      expect(scanBytes(bytes(headerOnly))).toMatchObject({ rowCount: 0, headerFieldCount: 3 })
    }
  })

  it('reports ragged rows by their id and the line they start on, counting line breaks inside quotes', () => {
    expect(scanBytes(bytes(TRICKY_CSV)).problems).toEqual([
      { line: 11, row: 4, message: '2 fields, the header has 3' },
    ])
    const scan = scanBytes(bytes('a,b\r\n"x\r\ny",1,2\r\n"one"\n'))
    expect(scan.problems).toEqual([
      { line: 2, row: 0, message: '3 fields, the header has 2' },
      { line: 4, row: 1, message: '1 field, the header has 2' },
    ])
  })

  it('reports a quoted field still open at the end of the file, and keeps its row whole', () => {
    const file = 'a,b\n1,2\n3,"open\n4,5\n'
    const scan = scanBytes(bytes(file))
    expect(scan.problems).toEqual([
      { line: 3, row: 1, message: 'a quoted field is not closed before the end of the file' },
    ])
    expect(rowTexts(bytes(file), scan)).toEqual(['1,2', '3,"open\n4,5\n'])
  })

  it('keeps the first problems and counts them all', () => {
    const scan = scanBytes(bytes(`a,b\n${'1\n'.repeat(1500)}`))
    expect(scan.problems).toHaveLength(1000)
    expect(scan.problemCount).toBe(1500)
    expect(scan.problems[999]).toEqual({
      line: 1001,
      row: 999,
      message: '1 field, the header has 2',
    })
  })

  it.each([',', ';', '\t', '|'])('counts fields by the delimiter %j, not inside quotes', (d) => {
    const file = `"a"${d}"b"${d}"c"\n"1${d}2"${d}",;\t|"${d}3\nx${d}y\n`
    const scan = scanBytes(bytes(file), d)
    expect(scan.rowCount).toBe(2)
    expect(scan.problems).toEqual([{ line: 3, row: 1, message: '2 fields, the header has 3' }])
  })

  // DuckDB reads a file itself only when it has none: it reads these quotes otherwise.
  it('counts the quotes papaparse reads its own way, wherever the file is cut', () => {
    const odd = (text: string) => scanBytes(bytes(text)).oddQuoteCount
    expect(odd('a,b\n"x ""y""",1\n"",2\n3,"a\nb"\r\n;,4\n')).toBe(0)
    const oddFiles = ['a,b\n1,5" screen\n', 'a,b\n1, "x"\n', 'a,b\n"x"y,1\n', 'a,b\n"x" ,1\n']
    for (const file of oddFiles) {
      const whole = odd(file)
      expect(whole, file).toBeGreaterThan(0)
      for (let cut = 1; cut < file.length; cut++) {
        expect(scanBytes(bytes(file), ',', [cut]).oddQuoteCount, `cut at ${cut}`).toBe(whole)
      }
    }
    expect(odd(TRICKY_CSV)).toBeGreaterThan(0)
  })
})

describe('a row scan in two parts', () => {
  /** Scans `bytes` in two parts cut at the first row start after `at`, or null if it cannot. */
  function inTwoParts(bytes: Uint8Array, at: number, delimiter = 0x2c) {
    const cut = cutAfterLineBreak(bytes.subarray(at), at)
    if (cut === null) return null
    const first = new RowScanner({ delimiter, maxProblems: 3 })
    first.feed(bytes.subarray(0, cut))
    if (!first.betweenRows) return null
    const line = first.currentLine
    const headerFieldCount = first.headerFieldCount
    const rest = new RowScanner({
      delimiter,
      maxProblems: 3,
      continueAt: { offset: cut, headerFieldCount },
    })
    rest.feed(bytes.subarray(cut))
    return joinScans(first.finish(), line, rest.finish(), 3)
  }

  const whole = (bytes: Uint8Array, delimiter = 0x2c) => {
    const scanner = new RowScanner({ delimiter, maxProblems: 3 })
    scanner.feed(bytes)
    return scanner.finish()
  }

  it('joins into the scan of the whole file wherever it is cut', () => {
    const file = bytes(TRICKY_CSV + TRICKY_CSV.replace('\ufeff', '\r\n'))
    let joined = 0
    for (let at = 0; at < file.length; at++) {
      const scan = inTwoParts(file, at)
      if (scan === null) continue
      joined++
      expect(scan).toEqual(whole(file))
    }
    expect(joined).toBeGreaterThan(20)
  })

  it('cuts where rows read whole, past line breaks inside quoted fields', () => {
    const row = '"Shop","10.5","Coffee, ""hot""\r\nto go","EUR"\r\n'
    const file = bytes(`"a","b","c","d"\r\n${row.repeat(50)}`)
    const starts = new Set(whole(file).offsets)
    const rowStarts = { delimiter: 0x2c, headerFieldCount: 4 }
    let insideQuotes = 0
    for (let at = 30; at < file.length - 600; at += 7) {
      const guess = cutAfterLineBreak(file.subarray(at), at)!
      if (!starts.has(guess)) insideQuotes++
      expect(starts.has(cutAfterLineBreak(file.subarray(at), at, rowStarts)!)).toBe(true)
    }
    // Without the file's header, half the guesses fall inside "…hot""\r\nto go".
    expect(insideQuotes).toBeGreaterThan(50)
  })

  it('joins for any file, or tells that its cut fell inside a quoted field', () => {
    const pieces = ['"', '""', ',', '\r\n', '\n', '\r', 'a', ' ', 'é', 'x,y']
    let seed = 7
    const next = (below: number) => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0
      return Math.floor((seed / 2 ** 32) * below)
    }
    for (let run = 0; run < 3000; run++) {
      const text = Array.from({ length: next(40) }, () => pieces[next(pieces.length)]).join('')
      const file = bytes(`h1,h2\n${text}`)
      const scan = inTwoParts(file, next(file.length))
      if (scan !== null) expect(scan).toEqual(whole(file))
    }
  })
})
