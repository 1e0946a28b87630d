import type { RecurringUpdateIssueCode } from '../../preload/contract/recurring/recurring-issue'
import type { AuthFailureCode } from './oauth/oauth-verifier'
import type { ProfileRuleIssue } from './profiles/profile-update'

/** Problems with the request itself, before its parameters are looked at. */
export type RequestErrorCode =
  | 'wrong-content-type'
  | 'malformed-body'
  | 'body-too-large'
  | 'wrong-endpoint'
  | 'wrong-http-method'
  | 'repeated-parameter'

/**
 * The sandbox's own error codes (the spec publishes none); main/sandbox/ERROR-CODES.md lists them.
 * 1xx validation-error, 2xx authentication (type=error), 3xx request (type=error), 4xx declined.
 */
export const UPDATE_ERROR_CODES: Record<
  | RecurringUpdateIssueCode
  | ProfileRuleIssue['code']
  | AuthFailureCode
  | RequestErrorCode
  | 'profile-not-found',
  number
> = {
  'unknown-parameter': 100,
  missing: 101,
  'too-long': 102,
  'invalid-format': 103,
  'invalid-date': 104,
  'out-of-range': 105,
  'requires-card-number': 106,
  'incomplete-pair': 107,
  'mutually-exclusive': 108,
  'range-order': 109,
  'not-for-dst': 110,
  'state-required': 111,
  'duplicate-alias': 112,
  'repeated-parameter': 113,
  'card-expired': 114,
  'currency-mismatch': 120,
  'stop-src-only': 121,
  'missing-authorization': 200,
  'malformed-authorization': 201,
  'missing-oauth-parameter': 202,
  'conflicting-oauth-parameter': 203,
  'unexpected-oauth-parameter': 204,
  'wrong-signature-method': 205,
  'unsupported-oauth-version': 206,
  'unknown-consumer-key': 207,
  'stale-timestamp': 208,
  'reused-nonce': 209,
  'bad-signature': 210,
  'wrong-content-type': 300,
  'malformed-body': 301,
  'body-too-large': 302,
  'wrong-endpoint': 303,
  'wrong-http-method': 304,
  'profile-not-found': 400,
}

export type ReportErrorCode =
  | 'wrong-http-method'
  | 'wrong-content-type'
  | 'body-too-large'
  | 'malformed-json'
  | 'invalid-request'
  | 'unknown-report'
  | 'unknown-encoding'
  | 'bad-delimiter'
  | 'unknown-format'
  | 'bad-input-parameter'
  | 'too-large-for-pdf'

/** Report request errors: HTTP 400 text/plain `report request rejected [5xx]: …`. */
export const REPORT_ERROR_CODES: Record<ReportErrorCode, number> = {
  'wrong-http-method': 500,
  'wrong-content-type': 501,
  'body-too-large': 502,
  'malformed-json': 503,
  'invalid-request': 504,
  'unknown-report': 505,
  'unknown-encoding': 506,
  'bad-delimiter': 507,
  'unknown-format': 508,
  'bad-input-parameter': 509,
  'too-large-for-pdf': 510,
}
