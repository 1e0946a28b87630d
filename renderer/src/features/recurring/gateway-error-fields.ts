import type { RecurringUpdateResult } from '../../../../preload/contract/recurring/recurring-channels'
import {
  RECURRING_UPDATE_ALIASES,
  RECURRING_UPDATE_PARAMETERS,
} from '../../../../preload/contract/recurring/recurring-parameters'
import type { ShownIssue } from './recurring-shared'

const NAMES = [
  ...RECURRING_UPDATE_PARAMETERS.map((d) => d.name),
  ...Object.keys(RECURRING_UPDATE_ALIASES),
]
const escape = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
// A name stands on its own: `amount` is not found inside `amount-from` or `amount_to`.
const NAMED = new RegExp(`(?<![\\w-])(${NAMES.map(escape).join('|')})(?![\\w-])`, 'gi')

/** The parameters a text names, under their canonical names, in the order they appear. */
export function parametersNamedIn(text: string): string[] {
  const named = [...text.matchAll(NAMED)].map(([match]) => {
    const name = match.toLowerCase()
    return RECURRING_UPDATE_ALIASES[name] ?? name
  })
  return [...new Set(named)]
}

/**
 * A validation error of the gateway shown at the fields it names, in the gateway's own words
 * (already masked by main; the editor says who refused it). None when it names no parameter: the result panel shows it then.
 */
export function gatewayIssues(result: RecurringUpdateResult): ShownIssue[] {
  if (result.outcome !== 'validation-error') return []
  const text = result.errorMessage ?? result.message
  return parametersNamedIn(text).map((parameter) => ({
    parameter,
    message: text,
    fromGateway: true,
  }))
}
