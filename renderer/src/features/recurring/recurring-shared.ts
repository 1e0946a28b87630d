import type { RecurringUpdateResult } from '../../../../preload/contract/recurring/recurring-channels'
import type { RecurringProfileType } from '../../../../preload/contract/recurring/recurring-parameters'
import type { RecurringUpdateIssue } from '../../../../preload/contract/recurring/recurring-issue'

/**
 * An issue as the editor shows it: from the local checks or main (worded from its messageCode),
 * or the gateway (its own words in `message`).
 */
export type ShownIssue = Pick<
  RecurringUpdateIssue,
  'parameter' | 'message' | 'messageCode' | 'params' | 'also'
> & { fromGateway?: true }

export type ProfileTypeChoice = RecurringProfileType | 'unknown'

/** One sent update as the result panel shows it, with what it was sent for. */
export interface SentUpdate {
  result: RecurringUpdateResult
  environmentName: string
  profileId: string
  /** When the request was handed to main (epoch ms). */
  sentAt: number
}
