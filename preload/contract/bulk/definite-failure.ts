import {
  isUncertainOutcome,
  REQUEST_OUTCOMES,
  type RequestOutcome,
} from '../platform/request-outcomes'

/**
 * An outcome after which a bulk row's update surely did not change its profile: refused by the
 * gateway or never sent. Uncertain ones (unknown, protocol-error…) keep the resend rule and are
 * never part of "Send the failed rows again".
 */
export function isDefiniteFailure(outcome: string | null): boolean {
  if (outcome === null || !Object.hasOwn(REQUEST_OUTCOMES, outcome)) return false
  const known = outcome as RequestOutcome
  return known !== 'approved' && known !== 'report' && !isUncertainOutcome(known)
}
