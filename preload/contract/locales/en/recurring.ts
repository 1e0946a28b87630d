/** The Recurring screen's texts (see renderer/src/platform/i18n/README.md). */
export const recurring = {
  intro:
    'Update a recurring-payment profile. Only the fields you fill in are sent; the profile keeps everything else.',
  reopened: {
    text: 'Opened from History entry #{id}, with a new order ID.',
    reenter: 'GateDesk never keeps them: enter {fields} again.',
  },
  profileType: {
    label: 'Profile type (not sent)',
    aria: 'Profile type',
    unknown: 'Unknown',
    SRC: 'SRC (source)',
    DST: 'DST (destination)',
    native: 'native',
    help: 'Only tunes the checks made here (Unknown leaves them to the gateway): when DST, GateDesk checks before sending that none of {names} is given.',
  },
  /** The groups of the form, by their key in recurring-fields.ts. */
  groups: {
    profile: {
      title: 'Profile',
      description:
        'Which profile to update, and your order ID for this update. The profile type only tunes the checks made here; it is not sent.',
    },
    amount: {
      title: 'Amount',
      description:
        'Give exactly one amount rule: amount, or amount from with amount to, or an amount sequence. Amounts are in the profile’s currency.',
    },
    schedule: {
      title: 'Schedule',
      description:
        'Period and interval go together. A stopped profile stays stopped when rescheduled; only the gateway’s user interface resumes it.',
    },
    card: {
      title: 'Card',
      description:
        'Only to replace the card: the name, expiry year and month are required with a card number. Card number and CVV2 are never saved; they are cleared once the gateway approves the update, or when you leave this screen.',
    },
    payer: {
      title: 'Payer',
      description:
        'State is required when the country is {countries}. SSN is never saved; it is cleared when you leave this screen.',
    },
    other: {
      title: 'Description and notifications',
      description: 'Give `notify_url` or `server_callback_url`, not both.',
    },
    issues: '{n} issue | {n} issues',
    filled: '{n} filled',
  },
  /** Each parameter of spec §4.2: a plain name for staff and the spec's rule in words. */
  fields: {
    'client-orderid': { label: 'Order ID', rule: 'Merchant order identifier.' },
    'recurring-payment-id': {
      label: 'Recurring payment ID',
      rule: 'Recurring identifier assigned by the service.',
    },
    'credit-card-number': { label: 'Card number', rule: 'Payer card number.' },
    'card-printed-name': {
      label: 'Name on card',
      rule: 'Required when a card number is given; only allowed with a card number.',
    },
    'expire-year': {
      label: 'Expiry year',
      rule: 'Required when a card number is given; only allowed with a card number.',
    },
    'expire-month': {
      label: 'Expiry month',
      rule: 'Required when a card number is given; only allowed with a card number.',
    },
    cvv2: {
      label: 'CVV2',
      rule: 'Card security code offered by the request builder; only allowed with a card number. Never stored.',
    },
    amount: {
      label: 'Amount',
      rule: 'Currency must equal the currency of the assigned project. Required unless `amount-from` with `amount-to`, or `amount-sequence`, is used. Supported for SRC and DST. When the finish date is reached, the profile goes to stop.',
    },
    'amount-from': {
      label: 'Amount from',
      rule: 'With `amount-to`: every charge is a random amount between the two. Required unless `amount` or `amount-sequence` is used. SRC and DST.',
    },
    'amount-to': { label: 'Amount to', rule: 'Pair of `amount-from`; same rules.' },
    'amount-sequence': {
      label: 'Amount sequence',
      rule: 'A list of amounts, charged in order. When repeats exceed the number of elements, the last amount is used. Required unless `amount` or `amount-from` with `amount-to` is used. SRC and DST.',
    },
    currency: {
      label: 'Currency',
      rule: 'Offered by the request builder; must equal the currency of the profile.',
    },
    period: {
      label: 'Period',
      rule: 'Allowed values: `day`, `week`, `month`. `day` charges every day; `week` every 7 days; `month` on the same date of the month counted from the start date. Must be given together with `interval` or omitted together with it. Not supported for DST.',
    },
    interval: {
      label: 'Interval',
      rule: 'Multiplier applied to `period` (2 with `day` means every 2 days). Given or omitted together with `period`. Not supported for DST.',
    },
    'customer-ip': { label: 'Customer IP', rule: 'Payer IP address. SRC and DST.' },
    country: { label: 'Country', rule: 'Payer country.' },
    city: { label: 'City', rule: 'Payer city.' },
    address1: { label: 'Address', rule: 'Payer address.' },
    'first-name': { label: 'First name', rule: 'Payer first name.' },
    'last-name': { label: 'Last name', rule: 'Payer last name.' },
    order_desc: { label: 'Description', rule: 'Description of the recurring payment.' },
    'zip-code': { label: 'ZIP code', rule: 'Payer postal code.' },
    birthday: { label: 'Birthday', rule: 'Payer birth date.' },
    email: { label: 'E-mail', rule: 'Payer e-mail.' },
    ssn: { label: 'SSN', rule: 'Social security number.' },
    phone: {
      label: 'Phone',
      rule: 'Full international number including country code. Not supported for DST.',
    },
    state: {
      label: 'State',
      rule: 'Payer state code. Required for USA, Canada and Australia. Not supported for DST.',
    },
    'start-date': { label: 'Start date', rule: 'Date of the first scheduled charge.' },
    'finish-date': { label: 'Finish date', rule: 'Date of the last charge.' },
    'max-repeats-number': {
      label: 'Max repeats',
      rule: 'Index ceiling of recurring transactions; see section 3.',
    },
    purpose: { label: 'Purpose', rule: 'Purpose of the transaction.' },
    notify_url: {
      label: 'Notify URL',
      rule: 'Notification URL. The sample request writes it as `notify-url`.',
    },
    server_callback_url: {
      label: 'Server callback URL',
      rule: 'URL that receives a callback when the transaction reaches a final status. Send either `notify_url` or `server_callback_url`, not both.',
    },
  },
  field: {
    notForDst: 'not for DST',
    format: 'Format: {expects}',
    ruleOf: 'The rule for {label}',
    choices: { period: { day: 'Every day', week: 'Every week', month: 'Every month' } },
    limit: 'Up to {n} character. | Up to {n} characters.',
  },
  send: {
    title: 'Send',
    issuesToFix: '{n} issue to fix | {n} issues to fix',
    noIssuesSoFar: 'No issues so far',
    ready: 'Ready to send',
    stillNeeded: 'Still needed: {names}.',
    button: 'Send update',
    cancel: 'Cancel send',
    preview: 'Preview request',
    clear: 'Clear form',
    shortcut: 'Ctrl+Enter sends from anywhere on this screen.',
    cleared: 'Form cleared.',
    undo: 'Undo',
    nothingSent:
      'Nothing was sent: one issue needs fixing first. | Nothing was sent: {n} issues need fixing first.',
    gatewayRefused: 'The gateway refused it: {text}',
    repeat: {
      title: 'Send the same update again?',
      content:
        'The last send of this update to profile {profile} (history #{id}) has an uncertain outcome ({outcome}): it may already have changed the profile. Check the profile first; send again only if it was not updated.',
      confirm: 'Send again',
    },
  },
  environment: {
    title: 'Sends to',
    loading: 'Loading environments…',
    endpoint: 'Endpoint {endpoint} at {url}',
    starting: 'starting…',
    production: 'Production',
    productionWarning:
      '{production}: this update changes a live profile. GateDesk asks before the first send of this session.',
    signedWith:
      'Signed with RSA-SHA256 using this environment’s RSA key ({bits} bits, fingerprint {fingerprint}).',
    noKey:
      'Updates are signed with the environment’s RSA key, and {name} has none yet: create or import one under {link}.',
    keysLink: 'Keys & environments',
  },
  result: {
    title: 'Result',
    sending: 'Sending… waiting for the gateway’s answer.',
    none: 'No update sent yet from this form.',
    uncertain:
      'The request may have reached the gateway and changed the profile. Do not send it again blindly: check profile {profile} first.',
    sentTo: 'Sent to',
    profile: 'Profile',
    sentAt: 'Sent at',
    serialNumber: 'Serial number',
    errorCode: 'Error code',
    errorMessage: 'Error message',
    incidentId: 'Incident ID',
    incidentCopied: 'Copied the incident ID: give it to support.',
    historyEntry: 'History entry',
    noHistory: 'none (nothing was sent)',
    outcomes: {
      approved: 'Approved',
      declined: 'Declined',
      'validation-error': 'Validation error',
      error: 'Error',
      'internal-failure': 'Gateway internal failure',
      unknown: 'Outcome unknown',
      'protocol-error': 'Unreadable answer',
      'not-sent': 'Not sent',
    },
  },
  preview: {
    title: 'Request preview',
    intro:
      'The update as a send to {name} would make it now, signed in main with the environment’s RSA key (never shown). The card number, CVV2 and SSN are masked in the body and the base string; the Authorization header is the real request’s. Nothing is sent. Compare it with what the gateway received, as {command} does.',
    again: 'Sign again',
    url: '{method} to',
    method: 'Signature method',
    body: 'Form body (card data masked)',
    baseString: 'Signature base string (masked the same way)',
    authorization: 'Authorization header',
  },
  stop: {
    button: 'Stop schedule…',
    srcOnly:
      'Only SRC schedules can be stopped through the API: choose profile type SRC above if this profile is one.',
    hint: 'Builds the request that stops this SRC profile’s automatic charges, and says what it does first.',
    title: 'Stop the automatic schedule?',
    content:
      'GateDesk fills in finish-date {today} (today) and empties period, interval, start-date and max-repeats-number. When you send it, the gateway stops {profile} at once: no further automatic charges (spec §3, SRC profiles only). It cannot be resumed through the API, only with Resume in the gateway’s user interface. {amount}',
    profile: 'profile {id}',
    theProfile: 'the profile',
    amountGiven: 'The amount rule you gave is sent with it.',
    amountMissing:
      'Every update carries one amount rule: enter the profile’s current amount so it stays as it is.',
    confirm: 'Fill in the stop request',
  },
  /** The schedule preview: "Every 2 weeks from 01.12.2026 until 01.06.2027, at most 12 charges in all; next charges: …". */
  schedule: {
    currentPeriod: 'on the profile’s current period',
    currentPeriods:
      'every {n} of the profile’s current periods | every {n} of the profile’s current periods',
    timesCurrentInterval: '{every} (times the profile’s current interval)',
    from: 'from {date}',
    fromCurrent: 'from the profile’s current start date',
    until: 'until {date}',
    atMost: 'at most {n} charge in all | at most {n} charges in all',
    nextOne: 'next charge: {days}',
    nextMany: 'next charges: {days}',
    stopRules: {
      'stops-now':
        'The finish date {finish} is today or earlier: an SRC profile stops as soon as this update is applied, with no further charges.',
      'refused-for-other-types':
        'A running DST or native profile refuses a finish date of today or earlier: only SRC schedules can be stopped through the API.',
      'stops-at-finish':
        'No charge after {finish}: the profile stops when its finish date is reached.',
      'stops-at-max-repeats':
        'The profile stops when its repeat counter reaches {n}. Every attempt counts, failed ones and those made before this update too (the first charge has index 0); an SRC profile that has already made that many stops at once.',
      'stopped-stays-stopped':
        'A stopped profile stays stopped when it is rescheduled: only Resume in the gateway’s user interface restarts it.',
    },
  },
}
