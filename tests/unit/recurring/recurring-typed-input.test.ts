import { describe, expect, it } from 'vitest'
import {
  parametersNamedIn,
  gatewayIssues,
} from '../../../renderer/src/features/recurring/gateway-error-fields'
import {
  cardDigitsOfPaste,
  isGeneratedOrderId,
  newClientOrderId,
  pasteInto,
} from '../../../renderer/src/features/recurring/typed-input'

describe('a card number pasted in groups', () => {
  it('loses its spaces and dashes', () => {
    expect(cardDigitsOfPaste('4111 1111 1111 1111')).toBe('4111111111111111')
    expect(cardDigitsOfPaste(' 4111-1111-1111-1111\n')).toBe('4111111111111111')
    expect(pasteInto('', '4111111111111111', 0, 0)).toBe('4111111111111111')
    expect(pasteInto('41xx', '11', 2, 4)).toBe('4111')
  })

  it('is pasted as it is when it is anything else', () => {
    expect(cardDigitsOfPaste('4111 1111 abcd 1111')).toBeNull()
    expect(cardDigitsOfPaste('12 34')).toBeNull()
    expect(cardDigitsOfPaste('4111.1111.1111.1111')).toBeNull()
  })
})

describe('the generated client-orderid', () => {
  it('is readable, within the parameter’s 128 characters, and different each time', () => {
    // 24 random bits beside the second: 100 ids in one second collide once in ~3,400 runs (1,000
    // did once in ~34, as a CI run found).
    const ids = Array.from({ length: 100 }, () => newClientOrderId(new Date(2026, 10, 23, 9, 5, 7)))
    expect(ids[0]).toMatch(/^GD-20261123-090507-[0-9A-F]{6}$/)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids.every(isGeneratedOrderId)).toBe(true)
    expect(isGeneratedOrderId('ORDER-1')).toBe(false)
  })
})

describe('a gateway validation error that names a parameter', () => {
  const result = (errorMessage: string, outcome = 'validation-error' as const) => ({
    outcome,
    message: 'The gateway refused the update.',
    serialNumber: null,
    errorCode: '103',
    errorMessage,
    incidentId: null,
    issues: [],
    historyId: 1,
    uncertainEarlier: null,
  })

  it('is shown at each field it names, whole words only, aliases resolved', () => {
    expect(parametersNamedIn('amount-from is greater than amount-to')).toEqual([
      'amount-from',
      'amount-to',
    ])
    expect(parametersNamedIn('Bad e-mail and notify-url')).toEqual(['email', 'notify_url'])
    expect(parametersNamedIn('the amount_total is odd')).toEqual([])
    expect(gatewayIssues(result('zip-code has the wrong format'))).toEqual([
      { parameter: 'zip-code', message: 'zip-code has the wrong format', fromGateway: true },
    ])
  })

  it('is not placed at a field when it names none', () => {
    expect(gatewayIssues(result('Something failed'))).toEqual([])
  })
})
