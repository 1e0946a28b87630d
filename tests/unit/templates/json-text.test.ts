import { describe, expect, it } from 'vitest'
import { parseJsonText } from '../../../preload/contract/platform/json-text'

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
