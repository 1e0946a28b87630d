import { computed, type Ref } from 'vue'
import { useI18n } from 'vue-i18n'
import { calendarDate, localDay } from '../../../../preload/contract/platform/calendar'
import type { RecurringProfileType } from '../../../../preload/contract/recurring/recurring-parameters'
import type { RecurringUpdateIssue } from '../../../../preload/contract/recurring/recurring-issue'
import { validateRecurringUpdate } from '../../../../preload/contract/recurring/recurring-validation'
import { explainMain } from '../../platform/i18n'
import { GROUP_OF, isAbsenceIssue } from './recurring-fields'
import type { ShownIssue } from './recurring-shared'

/**
 * The Recurring form's issues: the rules' own as the user types, and the gateway's from the last
 * send. A missing field is held back until it was touched or a send was tried.
 */
export function useRecurringIssues(form: {
  given: Ref<Record<string, string>>
  profileType: Ref<RecurringProfileType | undefined>
  attempted: Ref<boolean>
  touched: ReadonlySet<string>
  serverIssues: Ref<ShownIssue[]>
}) {
  const { t } = useI18n()
  const clientIssues = computed(() =>
    validateRecurringUpdate(
      form.given.value,
      form.profileType.value,
      calendarDate(localDay(Date.now())),
    ),
  )
  const held = (issue: RecurringUpdateIssue) =>
    isAbsenceIssue(issue) && !form.attempted.value && !form.touched.has(issue.parameter)

  const shownIssues = computed<ShownIssue[]>(() => {
    const shown: ShownIssue[] = clientIssues.value.filter((issue) => !held(issue))
    for (const issue of form.serverIssues.value) {
      if (!shown.some((s) => s.parameter === issue.parameter && s.message === issue.message)) {
        shown.push(issue)
      }
    }
    return shown
  })
  const stillNeeded = computed(() => [
    ...new Set(clientIssues.value.filter(held).map((issue) => issue.parameter)),
  ])
  /** An issue shows at its field and at the other fields it is about (both sides of a conflict). */
  const concerns = (issue: ShownIssue, name: string) =>
    issue.parameter === name || (issue.also?.includes(name) ?? false)
  /** An issue in the window's language; the gateway's own words stay as the gateway wrote them. */
  const say = (issue: ShownIssue) =>
    issue.fromGateway
      ? t('recurring.send.gatewayRefused', { text: issue.message })
      : explainMain(issue)
  const issuesOf = (name: string) =>
    shownIssues.value.filter((issue) => concerns(issue, name)).map(say)
  const groupIssueCount = (key: string) =>
    shownIssues.value.filter((issue) => (GROUP_OF.get(issue.parameter) ?? 'other') === key).length

  return { clientIssues, shownIssues, stillNeeded, concerns, say, issuesOf, groupIssueCount }
}
