import {
  outcomeSeverity,
  REQUEST_OUTCOMES,
  type OutcomeSeverity,
  type RequestOutcome,
} from '../../../../preload/contract/platform/request-outcomes'
import { RECURRING_UPDATE_OUTCOMES } from '../../../../preload/contract/recurring/recurring-channels'
import { i18n } from '../../platform/i18n'
import { outcomeLabel } from '../../platform/format/outcome-words'

// Called while rendering, so each text follows the window's language.
const t = i18n.global.t

/** The outcomes a bulk row can end with (each row is one update sent), in the filter's order. */
export const BULK_OUTCOMES = RECURRING_UPDATE_OUTCOMES

// The journal stores the outcome as text; one it does not know is shown as written.
const isKnown = (outcome: string): outcome is RequestOutcome => outcome in REQUEST_OUTCOMES

export const bulkOutcomeLabel = (outcome: string): string =>
  isKnown(outcome) ? outcomeLabel(outcome) : outcome

export const bulkOutcomeSeverity = (outcome: string): OutcomeSeverity =>
  isKnown(outcome) ? outcomeSeverity(outcome) : 'default'

export const formatSeconds = (seconds: number | null) => {
  if (seconds === null) return '—'
  if (seconds < 60) return t('bulk.job.seconds', { s: seconds })
  return t('bulk.job.minutes', { m: Math.floor(seconds / 60), s: seconds % 60 })
}
