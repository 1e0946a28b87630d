/** How the screen names row states and outcome classes. */
export const STATE_NAMES: Record<string, string> = {
  pending: 'Not sent yet',
  'in-flight': 'Sending',
  done: 'Done',
  unknown: 'Unknown — decide',
  skipped: 'Skipped',
}

export const OUTCOME_TYPES: Record<string, 'success' | 'error' | 'warning' | 'default'> = {
  approved: 'success',
  declined: 'error',
  'validation-error': 'error',
  error: 'error',
  'internal-failure': 'warning',
  unknown: 'warning',
  'not-sent': 'default',
  'protocol-error': 'warning',
}

export const formatSeconds = (seconds: number | null) => {
  if (seconds === null) return '—'
  if (seconds < 60) return `${seconds} s`
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`
}
