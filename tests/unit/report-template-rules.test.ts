import { describe, expect, it } from 'vitest'
import {
  blankRequest,
  checkRequest,
  copyName,
  freeName,
  parseJsonText,
  unknownFields,
} from '../../preload/contract/report-template'

describe('where JSON text stops parsing', () => {
  const cases: [string, string][] = [
    [
      '',
      'Expected a value (text in double quotes, a number, true, false, null, [ or {) but found the end of the text (line 1, column 1)',
    ],
    ['{\n  "a": 1,\n}', "A comma before '}': remove it (line 3, column 1)"],
    ['{\n  "a": 1\n  "b": 2\n}', "Expected ',' or '}' but found '\"' (line 3, column 3)"],
    ['[1, 2,]', "A comma before ']': remove it (line 1, column 7)"],
    ["{'a': 1}", "Expected a property name in double quotes but found ''' (line 1, column 2)"],
    [
      '{"a": "x\ny"}',
      'A line break or control character inside a string: write it as \\n (line 1, column 9)',
    ],
    ['{"a": "x', 'A string is not closed: add the closing " (line 1, column 9)'],
    [
      '{"a": tru}',
      "Expected a value (text in double quotes, a number, true, false, null, [ or {) but found 't' (line 1, column 7)",
    ],
    ['{} x', "Unexpected 'x' after the end of the JSON (line 1, column 4)"],
    [
      '{"a": "\\q"}',
      'A backslash in a string starts an escape that JSON does not have (line 1, column 9)',
    ],
  ]
  for (const [text, message] of cases) {
    it(`finds the place in ${JSON.stringify(text)}`, () => {
      const parsed = parseJsonText(text)
      expect(parsed.ok).toBe(false)
      expect(!parsed.ok && parsed.message).toBe(message)
    })
  }

  it('agrees with JSON.parse on the position wherever the engine names one', () => {
    for (const [text] of cases) {
      let position: number | null = null
      try {
        JSON.parse(text)
      } catch (error) {
        const at = /position (\d+)/.exec((error as Error).message)
        position = at ? Number(at[1]) : null
      }
      if (position === null) continue
      const parsed = parseJsonText(text)
      if (parsed.ok) throw new Error('parsed')
      const lines = text.slice(0, position).split('\n')
      expect([parsed.line, parsed.column], text).toEqual([lines.length, lines.at(-1)!.length + 1])
    }
  })

  it('parses what JSON.parse parses', () => {
    expect(parseJsonText(' {"a": [1, -2.5e3, "\\u00e9\\n", true, null]} ')).toEqual({
      ok: true,
      value: { a: [1, -2500, 'é\n', true, null] },
    })
  })
})

describe('template names', () => {
  it('copies as "(copy)", "(copy 2)"… and a copy of a copy takes the next number', () => {
    expect(copyName('Weekly', [])).toBe('Weekly (copy)')
    expect(copyName('Weekly', ['weekly (COPY)'])).toBe('Weekly (copy 2)')
    expect(copyName('Weekly (copy)', ['Weekly (copy)', 'Weekly (copy 2)'])).toBe('Weekly (copy 3)')
    expect(copyName('x'.repeat(120), []).length).toBe(120)
  })

  it('finds a free name by counting on', () => {
    expect(freeName('New report', [])).toBe('New report')
    expect(freeName('New report', ['New report', 'new report 2'])).toBe('New report 3')
    expect(freeName('   ', [])).toBe('Report')
  })
})

describe('checking a request', () => {
  it('passes a blank request once it names its report, and names the fields GateDesk does not know', () => {
    expect(checkRequest(blankRequest())).toMatchObject({
      ok: false,
      issues: [{ path: 'reportIdentifier' }],
    })
    const request = { ...blankRequest(), reportIdentifier: 'transactions' }
    expect(checkRequest(request)).toEqual({ ok: true, request })
    expect(unknownFields({ ...request, note: 1, filters: { gates: [], shops: [] } })).toEqual([
      'note',
      'filters.shops',
    ])
  })
})

describe('what a request check says at each field', () => {
  it('words type, length and shape problems for a person', () => {
    const request = {
      ...blankRequest(),
      reportIdentifier: 'x'.repeat(129),
      reportName: undefined,
      reportFormat: 7,
      inputReportParameters: {},
      outputReportParameters: Array.from({ length: 257 }, () => ''),
      configurationReportParameters: [true],
      filters: { gates: [1.5] },
    }
    // Each with the code and values the window words it by (tests/unit/main-messages.test.ts).
    expect(checkRequest(request)).toMatchObject({
      ok: false,
      issues: [
        { path: 'reportIdentifier', message: 'Too long: at most 128 characters' },
        { path: 'reportName', message: 'Missing: write text here' },
        {
          path: 'reportFormat',
          message: 'Must be text, not a number',
          messageCode: 'report.request.wrong-kind',
          params: { wanted: 'string', found: 'number' },
        },
        {
          path: 'configurationReportParameters.0',
          message: 'Must be text or an object of texts, not true',
        },
        { path: 'inputReportParameters', message: 'Must be a list [ … ], not an object' },
        { path: 'outputReportParameters', message: 'Too many: at most 256 items' },
        { path: 'filters.gates.0', message: 'Must be text or a whole number, not a number' },
      ],
    })
  })
})
