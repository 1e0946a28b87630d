import {
  CARD_PARAMETERS,
  NOT_FOR_DST,
  PAYER_PARAMETERS,
  RECURRING_UPDATE_PARAMETERS,
  REQUIRED_PARAMETERS,
  isSensitiveParameter,
  type RecurringParameterDefinition,
} from '../../../../preload/contract/recurring/recurring-parameters'
import type { RecurringUpdateIssue } from '../../../../preload/contract/recurring/recurring-issue'
import { i18n } from '../../platform/i18n'

/** How the editor shows one parameter of spec §4.2; the rules themselves come from the table. */
export interface FieldView {
  definition: RecurringParameterDefinition
  /** Masked as it is typed, and kept only in memory. */
  secret: boolean
  multiline: boolean
  notForDst: boolean
}

/** A group of the form; its title and description are recurring.groups.<key> in the locales. */
export interface FieldGroup {
  key: string
  fields: FieldView[]
}

/**
 * A parameter in the window's language: its plain name, the spec's rule, what a valid value looks
 * like. A parameter the locales do not know keeps its spec name and the table's English.
 */
export function parameterText(definition: RecurringParameterDefinition) {
  const { t, te } = i18n.global
  const known = (key: string) => te(key, 'en')
  const label = `recurring.fields.${definition.name}.label`
  const rule = `recurring.fields.${definition.name}.rule`
  const expects = `main.expects.${definition.name}`
  return {
    label: known(label) ? t(label) : definition.name,
    rule: known(rule) ? t(rule) : definition.rule,
    expects: definition.expects && (known(expects) ? t(expects) : definition.expects),
  }
}

const MULTILINE = new Set(['order_desc'])

// Which parameters go together on screen; any parameter not named here lands in "Other".
const LAYOUT: { key: string; names: string[] }[] = [
  {
    key: 'profile',
    names: [...REQUIRED_PARAMETERS],
  },
  {
    key: 'amount',
    names: ['amount', 'amount-from', 'amount-to', 'amount-sequence', 'currency'],
  },
  {
    key: 'schedule',
    names: ['period', 'interval', 'start-date', 'finish-date', 'max-repeats-number'],
  },
  {
    key: 'card',
    names: [...CARD_PARAMETERS],
  },
  {
    key: 'payer',
    names: [...PAYER_PARAMETERS],
  },
  {
    key: 'other',
    names: [],
  },
]

const fieldView = (definition: RecurringParameterDefinition): FieldView => ({
  definition,
  secret: isSensitiveParameter(definition.name),
  multiline: MULTILINE.has(definition.name),
  notForDst: NOT_FOR_DST.some((name) => name === definition.name),
})

const placed = new Set(LAYOUT.flatMap((group) => group.names))

/** The groups of the editor, built from the spec's parameter table. */
export const FIELD_GROUPS: readonly FieldGroup[] = LAYOUT.map((group) => ({
  key: group.key,
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
