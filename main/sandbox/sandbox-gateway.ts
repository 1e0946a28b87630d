import { canonicalRecurringUpdate } from '../../preload/contract/recurring/recurring-parameters'
import type { RecurringUpdateIssue } from '../../preload/contract/recurring/recurring-issue'
import { validateRecurringUpdate } from '../../preload/contract/recurring/recurring-validation'
import { calendarDate } from '../../preload/contract/platform/calendar'
import { redactText } from '../platform/privacy/redaction'
import { callbackControl } from './callbacks/callback-parameters'
import { runDay, type Charge } from './profiles/charging'
import { applyUpdate, profileRuleIssues, type ProfileRuleIssue } from './profiles/profile-update'
import type { ReportPlan } from './reports/report-request-check'
import { reportRowPages, type ReportRow } from './reports/report-rows'
import type { Merchant } from './stores/merchant-store'
import type { Profile } from './stores/profile'
import type { SandboxParts } from './sandbox-parts'

export type UpdateDecision =
  | { kind: 'validation-error'; issues: (RecurringUpdateIssue | ProfileRuleIssue)[] }
  | { kind: 'declined'; message: string }
  | { kind: 'approved'; profile: Profile; charges: Charge[] }

/** What the HTTPS endpoints call once a request is authenticated. */
export function createSandboxGateway({ state, context, sendCallbacks }: SandboxParts) {
  const { stores, db } = state
  return {
    /**
     * Records a callback that reached the sandbox's inbox, any card number in it masked; true when
     * its control value is right.
     */
    receiveCallback(parameters: Record<string, string>): boolean {
      const { status = '', orderid = '', client_orderid: clientOrderId = '', control } = parameters
      const valid = stores.merchants
        .all()
        .some((m) => callbackControl(status, orderid, clientOrderId, m.controlKey) === control)
      const masked = Object.entries(parameters).map(([name, value]) => [name, redactText(value)])
      stores.callbacks.addReceived(Object.fromEntries(masked), valid, context.now())
      return valid
    },
    /** The rows of a checked report request, a page at a time. */
    reportRowPages(plan: ReportPlan, merchant: Merchant): Generator<ReportRow[]> {
      return reportRowPages(plan, merchant, stores.transactions, stores.meta.today())
    },
    /** Decides and applies an update-recurring-payment request that passed authentication. */
    updateProfile(merchant: Merchant, params: Record<string, string>): UpdateDecision {
      const canonical = canonicalRecurringUpdate(params)
      const id = canonical['recurring-payment-id']
      const decision = db
        .transaction((): UpdateDecision => {
          const profile = id === undefined ? null : stores.profiles.get(merchant.login, id)
          const issues = validateRecurringUpdate(
            params,
            profile?.type,
            calendarDate(stores.meta.today()),
          )
          if (issues.length > 0) return { kind: 'validation-error', issues }
          if (!profile) {
            return {
              kind: 'declined',
              message: `recurring-payment-id ${id!.slice(0, 128)} matches no recurring payment profile of this merchant: check the identifier the gateway gave the profile`,
            }
          }
          const today = stores.meta.today()
          const ruleIssues = profileRuleIssues(profile, canonical, today)
          if (ruleIssues.length > 0) return { kind: 'validation-error', issues: ruleIssues }
          const day = runDay(context, applyUpdate(profile, canonical, today, context.now()), today)
          stores.profiles.save(day.profile)
          return { kind: 'approved', profile: day.profile, charges: day.charges }
        })
        .immediate()
      if (decision.kind === 'approved') sendCallbacks(decision.charges)
      return decision
    },
  }
}
