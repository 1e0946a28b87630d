import type { RequestOutcome } from '../../../../preload/contract/request-outcomes'

/**
 * How each request outcome reads. In English the outcome's own name, as the CLI and the history
 * export write it; other languages translate it.
 */
const outcomes = {
  sending: 'sending',
  approved: 'approved',
  declined: 'declined',
  'validation-error': 'validation-error',
  error: 'error',
  'internal-failure': 'internal-failure',
  unknown: 'unknown',
  'not-sent': 'not-sent',
  'protocol-error': 'protocol-error',
  report: 'report',
  'not-authorised': 'not-authorised',
  'transport-error': 'transport-error',
} satisfies Record<RequestOutcome, string>

/** Words several screens share: buttons, states, outcomes, generic errors. */
export const common = {
  outcomes,
  uncertainHint:
    'The request may have reached the gateway and changed the profile, but what became of it is not known: check the profile before sending again.',
  actions: {
    cancel: 'Cancel',
    close: 'Close',
    copy: 'Copy',
    delete: 'Delete',
    edit: 'Edit',
    save: 'Save',
    retry: 'Retry',
    refresh: 'Refresh',
  },
  state: {
    loading: 'Loading…',
    copied: 'Copied',
    none: 'None',
  },
  errors: {
    unexpected: 'Something went wrong: {message}',
    copyFailed: 'Could not copy to the clipboard: {message}',
  },
}
