import type { RecurringUpdateResult } from '../../../../preload/contract/recurring-channels'
import type { RecurringProfileType } from '../../../../preload/contract/recurring-update-rules'

/** Card and identity data: held only in the open screen's memory, never in any storage. */
export const SENSITIVE_PARAMETERS: readonly string[] = ['credit-card-number', 'cvv2', 'ssn']

export type ProfileTypeChoice = RecurringProfileType | 'unknown'

/** One sent update as the result panel shows it, with what it was sent for. */
export interface SentUpdate {
  result: RecurringUpdateResult
  environmentName: string
  profileId: string
  /**
   * The environment and the parameters sent (secrets left out), to warn before the same request
   * goes out again to the same environment after an uncertain outcome.
   */
  fingerprint: string
  /** When the request was handed to main, in the staff member's locale. */
  sentAt: string
}
