import { h, type VNode, type VNodeChild } from 'vue'
import type { SelectOption } from 'naive-ui'
import { RECURRING_UPDATE_ALIASES } from '../../../../preload/contract/recurring/recurring-parameters'
import { i18n } from '../../platform/i18n'

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
