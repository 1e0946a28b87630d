import {
  CARD_PARAMETERS,
  NOT_FOR_DST,
  PAYER_PARAMETERS,
  RECURRING_UPDATE_PARAMETERS,
  REQUIRED_PARAMETERS,
  STATE_REQUIRED_COUNTRIES,
  isSensitiveParameter,
  type RecurringParameterDefinition,
} from '../../../../preload/contract/recurring-parameters'
import type { RecurringUpdateIssue } from '../../../../preload/contract/recurring-validation'

/** How the editor shows one parameter of spec §4.2; the rules themselves come from the table. */
export interface FieldView {
  definition: RecurringParameterDefinition
  label: string
  /** Masked as it is typed, and kept only in memory. */
  secret: boolean
  multiline: boolean
  notForDst: boolean
}

export interface FieldGroup {
  key: string
  title: string
  description: string
  fields: FieldView[]
}

/** Plain names for staff; the parameter's own name is shown beside each. */
const LABELS: Readonly<Record<string, string>> = {
  'client-orderid': 'Order ID',
  'recurring-payment-id': 'Recurring payment ID',
  'credit-card-number': 'Card number',
  'card-printed-name': 'Name on card',
  'expire-year': 'Expiry year',
  'expire-month': 'Expiry month',
  cvv2: 'CVV2',
  amount: 'Amount',
  'amount-from': 'Amount from',
  'amount-to': 'Amount to',
  'amount-sequence': 'Amount sequence',
  currency: 'Currency',
  period: 'Period',
  interval: 'Interval',
  'start-date': 'Start date',
  'finish-date': 'Finish date',
  'max-repeats-number': 'Max repeats',
  'first-name': 'First name',
  'last-name': 'Last name',
  email: 'E-mail',
  phone: 'Phone',
  address1: 'Address',
  city: 'City',
  'zip-code': 'ZIP code',
  country: 'Country',
  state: 'State',
  birthday: 'Birthday',
  ssn: 'SSN',
  'customer-ip': 'Customer IP',
  order_desc: 'Description',
  purpose: 'Purpose',
  notify_url: 'Notify URL',
  server_callback_url: 'Server callback URL',
}

const MULTILINE = new Set(['order_desc'])

// Which parameters go together on screen; any parameter not named here lands in "Other".
const LAYOUT: { key: string; title: string; description: string; names: string[] }[] = [
  {
    key: 'profile',
    title: 'Profile',
    description:
      'Which profile to update, and your order ID for this update. The profile type only tunes the checks made here; it is not sent.',
    names: [...REQUIRED_PARAMETERS],
  },
  {
    key: 'amount',
    title: 'Amount',
    description:
      'Give exactly one amount rule: amount, or amount from with amount to, or an amount sequence. Amounts are in the profile’s currency.',
    names: ['amount', 'amount-from', 'amount-to', 'amount-sequence', 'currency'],
  },
  {
    key: 'schedule',
    title: 'Schedule',
    description:
      'Period and interval go together. A stopped profile stays stopped when rescheduled; only the gateway’s user interface resumes it.',
    names: ['period', 'interval', 'start-date', 'finish-date', 'max-repeats-number'],
  },
  {
    key: 'card',
    title: 'Card',
    description:
      'Only to replace the card: the name, expiry year and month are required with a card number. Card number and CVV2 are never saved; they are cleared once the gateway approves the update, or when you leave this screen.',
    names: [...CARD_PARAMETERS],
  },
  {
    key: 'payer',
    title: 'Payer',
    description: `State is required when the country is ${STATE_REQUIRED_COUNTRIES.join(', ')}. SSN is never saved; it is cleared when you leave this screen.`,
    names: [...PAYER_PARAMETERS],
  },
  {
    key: 'other',
    title: 'Description and notifications',
    description: 'Give notify_url or server_callback_url, not both.',
    names: [],
  },
]

const fieldView = (definition: RecurringParameterDefinition): FieldView => ({
  definition,
  label: LABELS[definition.name] ?? definition.name,
  secret: isSensitiveParameter(definition.name),
  multiline: MULTILINE.has(definition.name),
  notForDst: NOT_FOR_DST.some((name) => name === definition.name),
})

const placed = new Set(LAYOUT.flatMap((group) => group.names))

/** The groups of the editor, built from the spec's parameter table. */
export const FIELD_GROUPS: readonly FieldGroup[] = LAYOUT.map((group) => ({
  key: group.key,
  title: group.title,
  description: group.description,
  fields: (group.key === 'other'
    ? RECURRING_UPDATE_PARAMETERS.filter((d) => !placed.has(d.name))
    : group.names.flatMap((name) => RECURRING_UPDATE_PARAMETERS.filter((d) => d.name === name))
  ).map(fieldView),
}))

export const GROUP_OF: ReadonlyMap<string, string> = new Map(
  FIELD_GROUPS.flatMap((group) => group.fields.map((f) => [f.definition.name, group.key])),
)

/** Issues about something not given: held back until the field is touched or a send is tried. */
const ABSENCE_CODES: ReadonlySet<RecurringUpdateIssue['code']> = new Set([
  'missing',
  'incomplete-pair',
  'state-required',
])

export const isAbsenceIssue = (issue: RecurringUpdateIssue) => ABSENCE_CODES.has(issue.code)

export const inputId = (name: string) => `recurring-input-${name}`
