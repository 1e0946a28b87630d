import type { ReportRunOutcomeName } from '../../../../../preload/contract/reports/report-run-channels'

type AlertType = 'success' | 'info' | 'warning' | 'error'

/**
 * Each outcome's colour; its headline is reports.run.outcomes.<outcome> in the locale files, and
 * the message under it says what happened and what to do.
 */
export const RUN_OUTCOMES: Record<ReportRunOutcomeName, { type: AlertType }> = {
  report: { type: 'success' },
  'not-authorised': { type: 'error' },
  'internal-failure': { type: 'error' },
  'protocol-error': { type: 'warning' },
  'transport-error': { type: 'error' },
  'too-large': { type: 'warning' },
  cancelled: { type: 'info' },
}

/** `65_000` → `1:05`: the time a run has taken, as a clock shows it. */
export function clockTime(milliseconds: number): string {
  const seconds = Math.max(0, Math.floor(milliseconds / 1000))
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}
