import { afterEach, describe, expect, it, vi } from 'vitest'
import { validateRecurringUpdate } from '../../../preload/contract/recurring/recurring-validation'
import { i18n } from '../../../renderer/src/platform/i18n'
import { problemParts, problemText } from '../../../renderer/src/platform/format/parameter-label'

// The window's i18n reads the saved language at import: none saved, an English-speaking OS.
vi.hoisted(() => {
  vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => undefined })
  vi.stubGlobal('navigator', { languages: ['en-US'] })
})
afterEach(() => {
  i18n.global.locale.value = 'en'
})

const [badAmount] = validateRecurringUpdate({
  'client-orderid': 'B-1',
  'recurring-payment-id': '100001',
  amount: '12,50',
})

describe("a bulk row's problem", () => {
  it('names its field once by its label, the spec name once, not "amount: amount …"', () => {
    i18n.global.locale.value = 'ru'
    const text = problemText(badAmount!)
    expect(text).toMatch(/^Сумма: amount в неверном формате\. Ожидается: /)
    expect(text.match(/amount/g)).toHaveLength(1)
  })

  it('shows the spec name in code font, a longer name that contains it as written', () => {
    const parts = problemParts(badAmount!)
    expect(parts[0]).toBe('Amount: ')
    const code = parts.filter((part) => typeof part !== 'string')
    expect(code.map((vnode) => [vnode.type, vnode.children])).toEqual([['code', 'amount']])
  })

  it('has no label for a parameter the locales do not know: its spec name is said once', () => {
    const unknown = { parameter: 'x-extra', message: 'x-extra is not a parameter' }
    expect(problemText(unknown)).toBe('x-extra is not a parameter')
  })
})
