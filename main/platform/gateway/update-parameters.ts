import {
  canonicalRecurringUpdate,
  RECURRING_UPDATE_PARAMETERS,
} from '../../../preload/contract/recurring/recurring-parameters'
import type { Parameter } from '../privacy/parameter'

const TABLE_ORDER = new Map(RECURRING_UPDATE_PARAMETERS.map((d, index) => [d.name, index]))

/** The parameters given: an undefined value means "not given". */
export function givenValues(input: Record<string, string | undefined>): Record<string, string> {
  const given: Record<string, string> = {}
  for (const [name, value] of Object.entries(input)) if (value !== undefined) given[name] = value
  return given
}

/** The request's parameters under their canonical names, in the order of the spec's table. */
export const parametersOf = (given: Record<string, string>): Parameter[] =>
  Object.entries(canonicalRecurringUpdate(given)).sort(
    ([a], [b]) => TABLE_ORDER.get(a)! - TABLE_ORDER.get(b)!,
  )
