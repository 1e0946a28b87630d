/**
 * Messages main sends with a `messageCode` (preload/contract/explained.ts), keyed by that code.
 * English must read exactly as main's own message: tests/unit/main-messages.test.ts checks it.
 */
export const main = {
  ipc: {
    'forbidden-sender': `Refused "{channel}": the request did not come from GateDesk's own window.`,
    'invalid-input': '"{channel}" received input that does not match the contract.',
    'failed-inside': '"{channel}" failed inside GateDesk.',
    'unknown-channel': '"{channel}" is not a GateDesk channel.',
  },
  recurring: {
    'out-of-range': '{parameter} is out of range: it must be {expects}',
    'invalid-date':
      '{parameter} "{value}" is not a real calendar date: enter a date written DD.MM.YYYY, e.g. 31.01.2027',
    'invalid-format': '{parameter} has the wrong format: enter {expects}',
    'duplicate-alias':
      '{alias} and {canonical} are two spellings of one parameter: send only {canonical}',
    'unknown-parameter':
      '{name} is not a parameter of update-recurring-payment: check its spelling against the parameter list',
    'too-long':
      '{parameter} is {length} characters long, more than its maximum of {max}: shorten it',
    'too-long-expects':
      '{parameter} is {length} characters long, more than its maximum of {max}: enter {expects}',
    'card-expired':
      'the card expired at the end of {expiry}: enter the expiry date of a card that is still valid',
    'requires-card-number':
      '{parameter} is only allowed with credit-card-number: give the card number too, or leave {parameter} out',
    'required-with-card': {
      'card-printed-name':
        'card-printed-name is required when credit-card-number is given: enter the name as printed on the card',
      'expire-year':
        'expire-year is required when credit-card-number is given: enter the four-digit expiry year on the card',
      'expire-month':
        'expire-month is required when credit-card-number is given: enter the expiry month on the card (1 to 12)',
    },
    'amount-range-incomplete':
      '{missing} is required with {given}: give both ends of the random range',
    'amount-rule-missing':
      'amount is required unless amount-from with amount-to, or amount-sequence, is given: give exactly one amount rule',
    'amount-rules-combined': {
      'amount-range':
        'amount and amount-from with amount-to cannot be combined: give exactly one amount rule',
      'amount-sequence':
        'amount and amount-sequence cannot be combined: give exactly one amount rule',
      'range-sequence':
        'amount-from with amount-to and amount-sequence cannot be combined: give exactly one amount rule',
      'amount-range-sequence':
        'amount and amount-from with amount-to and amount-sequence cannot be combined: give exactly one amount rule',
    },
    'amount-range-order': 'amount-from ({from}) is greater than amount-to ({to}): swap them',
    'schedule-incomplete':
      '{missing} is required with {given}: give period and interval together, or neither',
    'date-range-order':
      'finish-date ({finish}) is before start-date ({start}): choose a finish date on or after the start date',
    'not-for-dst': '{parameter} is not supported for DST profiles: leave it out',
    'state-required':
      "state is required when country is {country}: enter the payer's state or province code",
    'callback-urls-exclusive':
      'notify_url and server_callback_url cannot both be given: send only one of them',
    required: {
      'client-orderid': 'client-orderid is required: enter your order identifier for this update',
      'recurring-payment-id':
        'recurring-payment-id is required: enter the identifier the gateway gave the profile',
    },
  },
  environment: {
    untrimmed: '{field} must not start or end with spaces',
    multiline: '{field} must be a single line of text',
    'base-url-https':
      'Base URL must be a full https:// address, e.g. https://gate.example.com (GateDesk never sends requests without TLS)',
    'base-url-plain':
      'Base URL must not contain a query (?…), a fragment (#…) or a user name: give only the address the operation paths are appended to',
    'path-format': '{field} must start with "/" and hold no spaces, "?" or "#", e.g. {example}',
    'path-endpoint-id':
      "Update-recurring-payment path must contain {'{'}endpoint_id{'}'}, where the endpoint ID goes, e.g. {example}",
    'extra-ca-pem':
      'Extra CA certificate must be a PEM certificate ("-----BEGIN CERTIFICATE-----" … "-----END CERTIFICATE-----"): paste the CA certificate your gateway operator gave you, or leave it empty',
  },
  /** What a valid value of each gateway parameter looks like, as main's rules put it. */
  expects: {
    'credit-card-number':
      'a card number of 12 to 19 digits without spaces that passes the Luhn check',
    'expire-year': 'a four-digit year from 2000 to 2099',
    'expire-month': 'a month number from 1 to 12',
    cvv2: 'three or four digits',
    amount: 'a positive amount with a dot and at most 2 decimals, e.g. 49.90',
    'amount-from': 'a positive amount with a dot and at most 2 decimals, e.g. 49.90',
    'amount-to': 'a positive amount with a dot and at most 2 decimals, e.g. 49.90',
    'amount-sequence':
      'up to 100 amounts separated by commas without spaces, e.g. 10.00,12.50,15.00, each a positive amount with a dot and at most 2 decimals',
    currency: 'a three-letter ISO 4217 code such as EUR',
    period: 'day, week or month',
    interval: 'a whole number from 1 to 999',
    'customer-ip': 'an IPv4 or IPv6 address',
    country: 'a two-letter ISO 3166 country code such as US',
    'zip-code': 'letters, digits, spaces and hyphens',
    birthday: 'a date written DD.MM.YYYY, e.g. 31.01.2027',
    email: 'an e-mail address',
    phone:
      'an international number of 7 to 15 digits, e.g. +1 212 555 0100 (spaces, hyphens and parentheses allowed)',
    state: 'a state code of 2 or 3 letters or digits, e.g. NY',
    'start-date': 'a date written DD.MM.YYYY, e.g. 31.01.2027',
    'finish-date': 'a date written DD.MM.YYYY, e.g. 31.01.2027',
    'max-repeats-number': 'a whole number from 1 to 999999',
    notify_url: 'an http:// or https:// URL',
    server_callback_url: 'an http:// or https:// URL',
  },
}
