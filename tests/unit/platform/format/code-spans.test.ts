import { describe, expect, it } from 'vitest'
import { codeSpans } from '../../../../renderer/src/platform/format/code-spans'

describe('codeSpans', () => {
  it('sets backquoted API names apart from the words around them', () => {
    expect(codeSpans('Пара к `amount-from`; те же правила.')).toEqual([
      { text: 'Пара к ', code: false },
      { text: 'amount-from', code: true },
      { text: '; те же правила.', code: false },
    ])
  })

  it('keeps a text without names whole, and a name at either end', () => {
    expect(codeSpans('Plain words.')).toEqual([{ text: 'Plain words.', code: false }])
    expect(codeSpans('`period` and `interval`')).toEqual([
      { text: 'period', code: true },
      { text: ' and ', code: false },
      { text: 'interval', code: true },
    ])
  })
})
