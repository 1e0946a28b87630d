import type { DialogFilterId } from '../../platform/dialog-title'
import type { RequestOutcome } from '../../platform/request-outcomes'

/**
 * Each request outcome at the head of a CLI line ("not-sent: Nothing was sent…"). In English the
 * outcome's own name, as scripts and the history export read it; other languages translate it.
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

/** Each request outcome in words, as screens and sentences show it (a tag, a banner, a message). */
const outcomeLabels = {
  sending: 'sending',
  approved: 'approved',
  declined: 'declined',
  'validation-error': 'validation error',
  error: 'error',
  'internal-failure': 'internal failure',
  unknown: 'unknown',
  'not-sent': 'not sent',
  'protocol-error': 'protocol error',
  report: 'report',
  'not-authorised': 'not authorised',
  'transport-error': 'transport error',
} satisfies Record<RequestOutcome, string>

/** Words several screens share: buttons, states, outcomes, generic errors. */
export const common = {
  outcomes,
  outcomeLabels,
  /** A schedule in words: "every 2 weeks from 01.12.2026 to 01.06.2027". */
  schedule: {
    every: {
      day: 'every day',
      week: 'every week',
      month: 'every month',
    },
    everyN: {
      day: 'every {n} days',
      week: 'every {n} weeks',
      month: 'every {n} months',
    },
    from: '{every} from {start}',
    fromTo: '{every} from {start} to {finish}',
  },
  /** An amount rule in words. */
  amountRule: {
    fixed: '{amounts} {currency}',
    range: '{amounts} {currency} (random)',
    sequence: '{amounts} {currency} (sequence)',
  },
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
  /** The file types offered in native open and save dialogs, by the filter main offers. */
  dialogFilters: {
    csvFiles: 'CSV files',
    csvReports: 'CSV reports',
    tsvFiles: 'Tab-separated files (TSV)',
    xlsxFiles: 'Excel workbooks (XLSX)',
    reports: 'Reports (CSV, PDF)',
    pemKeys: 'PEM key',
    reportTemplates: 'Report templates (JSON)',
    certificates: 'CA certificates (PEM)',
    allFiles: 'All files',
  } satisfies Record<DialogFilterId, string>,
  /** Sizes and durations, {n} a number already written in the window's language. */
  units: {
    bytes: '{n} byte | {n} bytes',
    KB: '{n} KB',
    MB: '{n} MB',
    GB: '{n} GB',
    TB: '{n} TB',
    KiB: '{n} KiB',
    MiB: '{n} MiB',
    GiB: '{n} GiB',
    ms: '{n} ms',
    s: '{n} s',
    min: '{n} min',
    'min-s': '{minutes} min {seconds} s',
  },
}
