import type { MessageParams } from '../platform/explained'

/** What is wrong with one field of an update-recurring-payment request: which field, what rule, what to do. */
export const RECURRING_UPDATE_ISSUE_CODES = [
  'unknown-parameter',
  'missing',
  'too-long',
  'invalid-format',
  'invalid-date',
  'out-of-range',
  'requires-card-number',
  'incomplete-pair',
  'mutually-exclusive',
  'range-order',
  'not-for-dst',
  'state-required',
  'duplicate-alias',
  'card-expired',
] as const

export type RecurringUpdateIssueCode = (typeof RECURRING_UPDATE_ISSUE_CODES)[number]

export interface RecurringUpdateIssue {
  parameter: string
  code: RecurringUpdateIssueCode
  /** Which field, what rule, and what to do. */
  message: string
  /** The message's stable code and values, for the window to word it in its language. */
  messageCode?: string
  params?: MessageParams
  /** Other fields the issue is about (both sides of a conflict), marked too. */
  also?: string[]
}
