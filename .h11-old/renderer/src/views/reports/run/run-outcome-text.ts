import type { ReportRunOutcomeName } from '../../../../../preload/contract/report-run-channels'

type AlertType = 'success' | 'info' | 'warning' | 'error'

/** Each outcome's headline and colour; the message under it says what happened and what to do. */
export const RUN_OUTCOMES: Record<ReportRunOutcomeName, { title: string; type: AlertType }> = {
  report: { title: 'Report received', type: 'success' },
  'not-authorised': { title: 'Not authorised', type: 'error' },
  'internal-failure': { title: 'The gateway failed', type: 'error' },
  'protocol-error': { title: 'Not a report', type: 'warning' },
  'transport-error': { title: 'Network or TLS problem', type: 'error' },
  'too-large': { title: 'Report too large', type: 'warning' },
  cancelled: { title: 'Run cancelled', type: 'info' },
}

/** `65_000` → `1:05`: the time a run has taken, as a clock shows it. */
export function clockTime(milliseconds: number): string {
  const seconds = Math.max(0, Math.floor(milliseconds / 1000))
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}
