/** A Naive UI tag type: how an outcome is coloured wherever it is shown. */
export type OutcomeSeverity = 'success' | 'error' | 'warning' | 'default'

interface OutcomeTraits {
  severity: OutcomeSeverity
  /** The request may or may not have reached the gateway and changed the profile. */
  uncertain: boolean
}

/**
 * Every outcome a request can have (an update's, a report's, and 'sending' while in flight), and
 * how it reads on every screen. An uncertain outcome is a warning: check before acting again.
 */
export const REQUEST_OUTCOMES = {
  sending: { severity: 'warning', uncertain: true },
  approved: { severity: 'success', uncertain: false },
  declined: { severity: 'error', uncertain: false },
  'validation-error': { severity: 'error', uncertain: false },
  error: { severity: 'error', uncertain: false },
  'internal-failure': { severity: 'warning', uncertain: true },
  unknown: { severity: 'warning', uncertain: true },
  'not-sent': { severity: 'default', uncertain: false },
  'protocol-error': { severity: 'warning', uncertain: true },
  report: { severity: 'success', uncertain: false },
  'not-authorised': { severity: 'error', uncertain: false },
  'transport-error': { severity: 'warning', uncertain: false },
} as const satisfies Record<string, OutcomeTraits>

export type RequestOutcome = keyof typeof REQUEST_OUTCOMES

export const REQUEST_OUTCOME_NAMES = Object.keys(REQUEST_OUTCOMES) as [
  RequestOutcome,
  ...RequestOutcome[],
]

export const outcomeSeverity = (outcome: RequestOutcome): OutcomeSeverity =>
  REQUEST_OUTCOMES[outcome].severity

export const isUncertainOutcome = (outcome: RequestOutcome): boolean =>
  REQUEST_OUTCOMES[outcome].uncertain

/** Outcomes after which the request may or may not have changed the profile. */
export const UNCERTAIN_OUTCOMES: readonly RequestOutcome[] =
  REQUEST_OUTCOME_NAMES.filter(isUncertainOutcome)
