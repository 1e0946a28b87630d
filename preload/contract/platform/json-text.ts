import type { MessageParams } from './explained'

/**
 * JSON text read strictly, saying where and why it stops parsing: main checks imported template
 * files with it and the window checks the raw JSON tab as the user types, so it lives here.
 * Hand-written because engines word and place JSON.parse errors their own way (some name no
 * position), and the contract imports nothing but zod.
 */

export type JsonText =
  | { ok: true; value: unknown }
  | {
      ok: false
      message: string
      /** `report.json.<why>`, with the place and what was found, for the window to word it. */
      messageCode: string
      params: MessageParams
      line: number
      column: number
    }

/** Parses JSON text; when it does not parse, says why and where (1-based line and column). */
export function parseJsonText(text: string): JsonText {
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    const { offset, reason, code, params } = jsonSyntaxError(text)
    const before = text.slice(0, offset)
    const line = before.split('\n').length
    const column = offset - before.lastIndexOf('\n')
    return {
      ok: false,
      message: `${reason} (line ${line}, column ${column})`,
      messageCode: `report.json.${code}`,
      params: { ...params, line, column },
      line,
      column,
    }
  }
}

/** Why JSON text does not parse: English words, and their code under report.json. */
interface JsonSyntaxError {
  offset: number
  reason: string
  code: string
  params: MessageParams
}

/** What the scanner wanted where it stopped, by the code of its message. */
const EXPECTED = {
  'expected-name': 'a property name in double quotes',
  'expected-colon': "':' after the property name",
  'expected-comma-brace': "',' or '}'",
  'expected-comma-bracket': "',' or ']'",
  'expected-value': 'a value (text in double quotes, a number, true, false, null, [ or {)',
} as const

/**
 * Where and why JSON text does not parse. Engines word (and place) JSON.parse errors their own
 * way, and some name no position at all, so this small strict scanner finds the place itself.
 */
function jsonSyntaxError(text: string): JsonSyntaxError {
  let at = 0
  class Stop {
    constructor(
      readonly reason: string,
      readonly code: string,
      readonly params: MessageParams = {},
      readonly offset = at,
    ) {}
  }
  const space = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at]!)) at++
  }
  // The character found, quoted; `end` (worded under report.values.found) at the end of the text.
  const found = () => (at < text.length ? `'${text[at]}'` : 'end')
  const foundText = () => (at < text.length ? found() : 'the end of the text')
  const expect = (code: keyof typeof EXPECTED): never => {
    throw new Stop(`Expected ${EXPECTED[code]} but found ${foundText()}`, code, { found: found() })
  }
  const string = () => {
    at++ // the opening quote
    for (;;) {
      if (at >= text.length) {
        throw new Stop('A string is not closed: add the closing "', 'unclosed-string')
      }
      const char = text[at]!
      if (char === '"') return void at++
      if (char === '\\') {
        const escape = text[at + 1] ?? ''
        if (escape === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) at += 6
        else if ('"\\/bfnrt'.includes(escape) && escape !== '') at += 2
        else
          throw new Stop(
            'A backslash in a string starts an escape that JSON does not have',
            'bad-escape',
            {},
            at + 1,
          )
      } else if (char < ' ') {
        throw new Stop(
          'A line break or control character inside a string: write it as \\n',
          'control-character',
        )
      } else at++
    }
  }
  const value = (): void => {
    space()
    const char = text[at]
    if (char === '{') {
      at++
      space()
      if (text[at] === '}') return void at++
      for (;;) {
        space()
        if (text[at] !== '"') expect('expected-name')
        string()
        space()
        if (text[at] !== ':') expect('expected-colon')
        at++
        value()
        space()
        if (text[at] === ',') {
          at++
          space()
          if (text[at] === '}')
            throw new Stop("A comma before '}': remove it", 'comma-before-brace')
          continue
        }
        if (text[at] === '}') return void at++
        expect('expected-comma-brace')
      }
    }
    if (char === '[') {
      at++
      space()
      if (text[at] === ']') return void at++
      for (;;) {
        value()
        space()
        if (text[at] === ',') {
          at++
          space()
          if (text[at] === ']') {
            throw new Stop("A comma before ']': remove it", 'comma-before-bracket')
          }
          continue
        }
        if (text[at] === ']') return void at++
        expect('expected-comma-bracket')
      }
    }
    if (char === '"') return string()
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(
      text.slice(at, at + 400),
    )
    if (!literal) return expect('expected-value')
    at += literal[0].length
  }
  try {
    value()
    space()
    if (at < text.length) {
      throw new Stop(`Unexpected ${found()} after the end of the JSON`, 'after-end', {
        found: found(),
      })
    }
    return { offset: text.length, reason: 'Not JSON', code: 'not-json', params: {} }
  } catch (error) {
    if (error instanceof Stop) return error
    // Nested too deep for the scanner: say so at the start.
    return { offset: 0, reason: 'Not JSON (nested too deeply)', code: 'too-deep', params: {} }
  }
}
