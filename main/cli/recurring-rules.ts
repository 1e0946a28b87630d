import type { CalendarDate } from '../../preload/contract/platform/calendar'
import type { RecurringUpdateIssue } from '../../preload/contract/recurring/recurring-issue'
import { validateRecurringUpdate } from '../../preload/contract/recurring/recurring-validation'
import type { Parameter } from '../platform/privacy/parameter'
import { codedResult, type UpdateResult } from '../platform/gateway/update-response'
import { coded } from '../platform/i18n/english'

/**
 * The app's checks of spec §4.2 (the same code), on parameters as given on the command line,
 * where a name can also be repeated. `today` catches an expired card before anything is sent.
 */
export function recurringUpdateIssues(
  parameters: readonly Parameter[],
  today: CalendarDate,
): RecurringUpdateIssue[] {
  // No prototype: a parameter named __proto__ is checked as a name like any other.
  const given: Record<string, string> = Object.create(null)
  const repeated: RecurringUpdateIssue[] = []
  for (const [name, value] of parameters) {
    if (name in given) {
      repeated.push({
        parameter: name,
        code: 'duplicate-alias',
        ...coded('update.given-twice', { parameter: name }),
      })
    }
    given[name] = value
  }
  return [...repeated, ...validateRecurringUpdate(given, undefined, today)]
}

/** The outcome of a request the rules refuse: nothing was sent. */
export function refusedByRules(
  issues: RecurringUpdateIssue[],
): UpdateResult & { issues: RecurringUpdateIssue[] } {
  return { ...codedResult('not-sent', 'update.broken-rules', { n: issues.length }), issues }
}
