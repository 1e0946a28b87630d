import type { HistoryEntryView } from '../../../../preload/contract/history-channels'
import { UNCERTAIN_UPDATE_OUTCOMES } from '../../../../preload/contract/recurring-channels'
import type { HistoryOutcome } from './history-query'

export type TagType = 'success' | 'error' | 'warning' | 'default'

const OUTCOME_TAGS: Record<HistoryOutcome, TagType> = {
  approved: 'success',
  report: 'success',
  declined: 'error',
  'validation-error': 'error',
  error: 'error',
  'not-authorised': 'error',
  unknown: 'warning',
  sending: 'warning',
  'internal-failure': 'warning',
  'protocol-error': 'warning',
  'transport-error': 'warning',
  'not-sent': 'default',
}

export const outcomeTag = (outcome: HistoryOutcome): TagType => OUTCOME_TAGS[outcome]

/**
 * Outcomes after which the request may or may not have reached the gateway and changed the
 * profile: the Recurring screen's uncertain outcomes, and a request whose answer is not recorded
 * yet ('sending').
 */
export const UNCERTAIN_HISTORY_OUTCOMES: readonly HistoryOutcome[] = [
  ...UNCERTAIN_UPDATE_OUTCOMES,
  'sending',
]

export const isUncertain = (outcome: HistoryOutcome): boolean =>
  UNCERTAIN_HISTORY_OUTCOMES.includes(outcome)

export const UNCERTAIN_HINT =
  'The request may have reached the gateway and changed the profile, but what became of it is not known: check the profile before sending again.'

const OPERATIONS: Record<HistoryEntryView['operation'], string> = {
  'update-recurring-payment': 'Recurring update',
  'custom-report': 'Custom report',
}

export const operationLabel = (operation: HistoryEntryView['operation']): string =>
  OPERATIONS[operation]

const asDate = (iso: string): Date | null => {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? null : date
}

/** e.g. "22 Nov 2026, 10:04:05" in the staff member's own locale and time zone. */
export const localTime = (iso: string): string =>
  asDate(iso)?.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' }) ?? iso

/** The day part alone, e.g. "22 Nov 2026". */
export const localDay = (iso: string): string =>
  asDate(iso)?.toLocaleDateString(undefined, { dateStyle: 'medium' }) ?? iso

/** The time of day alone, e.g. "10:04:05". */
export const localClock = (iso: string): string =>
  asDate(iso)?.toLocaleTimeString(undefined, { timeStyle: 'medium' }) ?? ''

/** The entry as plain text for the clipboard: its fields, then the parameters as sent. */
export function entryAsText(entry: HistoryEntryView): string {
  const fields: [string, string | number | null][] = [
    ['History entry', entry.id],
    ['Sent', `${localTime(entry.sentAt)} (${entry.sentAt})`],
    ['Environment', entry.environmentName],
    ['Operation', entry.operation],
    ['Profile ID', entry.profileId],
    ['Order ID', entry.orderId],
    ['Outcome', entry.outcome],
    ['Serial number', entry.serialNumber],
    ['Error code', entry.errorCode],
    ['Error message', entry.errorMessage],
    ['Message', entry.message],
  ]
  return [
    ...fields.map(([label, value]) => `${label}: ${value ?? '—'}`),
    '',
    'Parameters as sent:',
    ...entry.parameters.map(([name, value]) => `${name}=${value}`),
  ].join('\n')
}
