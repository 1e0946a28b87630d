import { describe, expect, it } from 'vitest'
import { RECURRING_UPDATE_OUTCOMES } from '../../../preload/contract/recurring/recurring-channels'
import {
  CARD_PARAMETERS,
  PAYER_PARAMETERS,
  RECURRING_UPDATE_PARAMETERS,
  REQUIRED_PARAMETERS,
  SENSITIVE_PARAMETERS,
} from '../../../preload/contract/recurring/recurring-parameters'
import {
  isUncertainOutcome,
  outcomeSeverity,
  REQUEST_OUTCOME_NAMES,
} from '../../../preload/contract/platform/request-outcomes'
import { validateRecurringUpdate } from '../../../preload/contract/recurring/recurring-validation'

const names = new Set(RECURRING_UPDATE_PARAMETERS.map((d) => d.name))

describe('one list per concept, from the contract', () => {
  it('names only parameters of the table', () => {
    for (const name of [
      ...REQUIRED_PARAMETERS,
      ...SENSITIVE_PARAMETERS,
      ...PAYER_PARAMETERS,
      ...CARD_PARAMETERS,
    ]) {
      expect(names.has(name), name).toBe(true)
    }
  })

  it('requires exactly the parameters the table marks Required, and says so', () => {
    expect(REQUIRED_PARAMETERS).toEqual(['client-orderid', 'recurring-payment-id'])
    const missing = validateRecurringUpdate({ amount: '1.00' }).map((issue) => issue.parameter)
    expect(missing).toEqual(REQUIRED_PARAMETERS)
  })

  it('gives every outcome one colour, the same on every screen; uncertain ones are warnings', () => {
    expect(outcomeSeverity('internal-failure')).toBe('warning')
    for (const outcome of REQUEST_OUTCOME_NAMES) {
      if (isUncertainOutcome(outcome)) expect(outcomeSeverity(outcome), outcome).toBe('warning')
    }
    expect(RECURRING_UPDATE_OUTCOMES.every((o) => REQUEST_OUTCOME_NAMES.includes(o))).toBe(true)
    expect(RECURRING_UPDATE_OUTCOMES.filter(isUncertainOutcome)).toEqual([
      'internal-failure',
      'unknown',
      'protocol-error',
    ])
  })
})
