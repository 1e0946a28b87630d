import { describe, expect, it } from 'vitest'
import {
  maskCardNumber,
  maskSsn,
  redactParameters,
  redactorFor,
  redactText,
} from '../../../../main/platform/privacy/redaction'

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

  it('masks card numbers grouped by spaces, dots or dashes, and one followed by other numbers', () => {
    expect(redactText('card 4111.1111.1111.1111')).toBe('card 4111.11**.****.1111')
    expect(redactText('card 5555-5555-5555-4444 exp 12/30')).toBe(
      'card 5555-55**-****-4444 exp 12/30',
    )
    expect(redactText('Card 4111111111111111 12 30 refused')).toBe(
      'Card 411111******1111 12 30 refused',
    )
    expect(redactText('amex 3782 822463 10005')).toBe('amex 3782 82**** *0005')
    // Dates, amounts, ids and serial numbers stay as they are.
    const plain =
      'on 25.11.2026 at 10.00, 1.234.567,89 EUR, ids 1000022 1000023, serial numbers 00000000-0000-0000-0000-000002e3b0e2 and 0000000a-0000-0000-0000-000000000000'
    expect(redactText(plain)).toBe(plain)
  })

  it('removes from received text the card number, CVV2 and SSN that were sent, however echoed', () => {
    const redact = redactorFor([
      ['client-orderid', 'ORD-987'],
      ['credit-card-number', '4111111111111111'],
      ['cvv2', '987'],
      ['ssn', '078-05-1120'],
      ['amount', '9.87'],
    ])
    expect(redact('cvv2=987&ssn=078-05-1120&credit-card-number=4111111111111111')).toBe(
      'cvv2=***&ssn=***-**-1120&credit-card-number=411111******1111',
    )
    // Form-encoded, percent-encoded, regrouped, or with the SSN's dashes dropped: masked in place.
    expect(redact('cvv2%3D987 card 4111+1111+1111+1111 or 4111%201111%201111%201111')).toBe(
      'cvv2%3D*** card 4111+11**+****+1111 or 4111%2011**%20****%201111',
    )
    expect(redact('CVV 987 wrong for SSN 078051120')).toBe('CVV *** wrong for SSN *****1120')
    // A short value counts only on its own, not inside other numbers or words.
    expect(redact('amount 9.87, id 9870, x987')).toBe('amount 9.87, id 9870, x987')
  })

  it('masks an SSN whose first group is also the CVV2 sent', () => {
    const redact = redactorFor([
      ['cvv2', '123'],
      ['ssn', '123-45-6789'],
    ])
    expect(redact('cvv2 123 refused for ssn 123-45-6789')).toBe(
      'cvv2 *** refused for ssn ***-**-6789',
    )
    expect(redact('ssn 123 -- 45 -- 6789')).toBe('ssn *** -- ** -- 6789')
    // After its label, a CVV2 spread by separators; elsewhere such digits are left alone.
    expect(redact('cvv2: 1 2 3, items 1 2 3')).toBe('cvv2: * * *, items 1 2 3')
  })

  it('masks a card number sent however its digits are separated', () => {
    const redact = redactorFor([['credit-card-number', '4111111111111111']])
    expect(redact('card 4111,1111,1111,1111 refused')).toBe('card 4111,11**,****,1111 refused')
    expect(redact('card 4111  1111  1111  1111')).toBe('card 4111  11**  ****  1111')
    expect(redact('card 4111 - 1111 / 1111.1111')).toBe('card 4111 - 11** / ****.1111')
    // Runs of separators of any length.
    expect(redact('card 4111 -- 1111 -- 1111 -- 1111')).toBe('card 4111 -- 11** -- **** -- 1111')
    expect(redact('card 4111....1111....1111....1111')).toBe('card 4111....11**....****....1111')
    // A card number not sent is found in text grouped by commas or double spaces too.
    expect(redactText('cards 5555,5555,5555,4444 and 5555  5555  5555  4444')).toBe(
      'cards 5555,55**,****,4444 and 5555  55**  ****  4444',
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
        ['order_desc', 'card 5555555555554444 on file, cvv 123, ssn 123456789'],
        ['amount', '10.50'],
      ]),
    ).toEqual([
      ['client-orderid', 'ORD-1'],
      ['recurring-payment-id', '2918374'],
      ['credit-card-number', '411111******1111'],
      ['ssn', '***-**-6789'],
      ['order_desc', 'card 555555******4444 on file, cvv ***, ssn *****6789'],
      ['amount', '10.50'],
    ])
  })
})
