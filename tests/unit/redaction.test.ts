import { describe, expect, it } from 'vitest'
import { maskCardNumber, maskSsn, redactParameters, redactText } from '../../main/store/redaction'

describe('redaction of what is kept about a request', () => {
  it('keeps the first 6 and last 4 digits of a card number', () => {
    expect(maskCardNumber('4111111111111111')).toBe('411111******1111')
    expect(maskCardNumber('5555 5555 5555 4444')).toBe('555555******4444')
    expect(maskCardNumber('4000000000000000006')).toBe('400000*********0006')
    // Too short to be a card: 6 + 4 digits would show all of it.
    expect(maskCardNumber('1234567890')).toBe('**********')
  })

  it('keeps only the last 4 characters of an SSN', () => {
    expect(maskSsn('123-45-6789')).toBe('***-**-6789')
    expect(maskSsn('AB123456C')).toBe('*****456C')
    expect(maskSsn('1234')).toBe('****')
  })

  it('masks card numbers in free text, and leaves other numbers alone', () => {
    expect(redactText('Card 4111 1111 1111 1111 was declined')).toBe(
      'Card 4111 11** **** 1111 was declined',
    )
    expect(redactText('pan=5555555555554444&x=1')).toBe('pan=555555******4444&x=1')
    // Not a card number: fails the Luhn check, or is too short.
    expect(redactText('order 4111111111111112, amount 49.90, id 2918374')).toBe(
      'order 4111111111111112, amount 49.90, id 2918374',
    )
  })

  it('masks the card number and SSN, drops cvv2, and keeps the rest as sent', () => {
    expect(
      redactParameters([
        ['client-orderid', 'ORD-1'],
        ['recurring-payment-id', '2918374'],
        ['credit-card-number', '4111111111111111'],
        ['cvv2', '123'],
        ['ssn', '123-45-6789'],
        ['order_desc', 'card 5555555555554444 on file'],
        ['amount', '10.50'],
      ]),
    ).toEqual([
      ['client-orderid', 'ORD-1'],
      ['recurring-payment-id', '2918374'],
      ['credit-card-number', '411111******1111'],
      ['ssn', '***-**-6789'],
      ['order_desc', 'card 555555******4444 on file'],
      ['amount', '10.50'],
    ])
  })
})
