import { h, type VNode, type VNodeChild } from 'vue'
import type { SelectOption } from 'naive-ui'
import { RECURRING_UPDATE_ALIASES } from '../../../../preload/contract/recurring/recurring-parameters'
import type { Explained } from '../../../../preload/contract/platform/explained'
import { explainMain, i18n } from '../i18n'

/**
 * What a bulk column goes to, in the words of the Recurring form ("Amount", "Recurring payment
 * ID"); the job's own columns in the bulk screen's words. A parameter the locales do not know
 * keeps its spec name.
 */
export function parameterLabel(parameter: string): string {
  const { t, te } = i18n.global
  if (parameter === 'profile-type') return t('bulk.run.profileType')
  if (parameter === 'environment') return t('bulk.columns.environment')
  const key = `recurring.fields.${RECURRING_UPDATE_ALIASES[parameter] ?? parameter}.label`
  return te(key, 'en') ? t(key) : parameter
}

/** The label, then the spec's name in code font (what the file's header may say). */
export const labelWithSpecName = (parameter: string): (string | VNode)[] => [
  parameterLabel(parameter),
  ' ',
  h('code', { class: 'spec-name' }, parameter),
]

/** A mapping option shows both; the option with no parameter ("Not sent") its label alone. */
export const renderParameterOption = (option: SelectOption): VNodeChild =>
  option.value ? labelWithSpecName(String(option.value)) : String(option.label)

/**
 * A row's problem in the window's language, its field named once by its label, the spec name the
 * message uses in code font: "Сумма: `amount` в неверном формате…", not "amount: amount в…".
 */
export function problemText(problem: Explained & { parameter: string }): string {
  return `${labelFirst(problem.parameter)}${explainMain(problem)}`
}

// A parameter the locales do not know has no label but its spec name, which the message says.
const labelFirst = (spec: string) => {
  const label = parameterLabel(spec)
  return label === spec ? '' : `${label}: `
}

/**
 * problemText with the spec name in code font where the message names the field: its first
 * mention as a whole word ("amount is …", not "amount-from"; later an English "amount" is a word).
 */
export function problemParts(problem: Explained & { parameter: string }): (string | VNode)[] {
  const message = explainMain(problem)
  const spec = problem.parameter
  const at = new RegExp(`(?<![\\w-])${escaped(spec)}(?![\\w-])`).exec(message)?.index
  if (at === undefined) return [labelFirst(spec), message]
  return [
    labelFirst(spec),
    message.slice(0, at),
    h('code', { class: 'spec-name' }, spec),
    message.slice(at + spec.length),
  ]
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
