import { i18n } from '../../../platform/i18n'

/** pdf.js's own words for what went wrong, cut to fit in a sentence. */
export function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  const reason = message.trim().replace(/\.+$/, '') || 'no reason given'
  return reason.length > 200 ? `${reason.slice(0, 200)}…` : reason
}

const nameOf = (error: unknown) => (error instanceof Error ? error.name : '')

/** What the viewer says when a PDF cannot be opened or read further. */
export function describePdfFailure(error: unknown): string {
  switch (nameOf(error)) {
    case 'ReportFileUnavailable':
      return i18n.global.t('reports.pdf.unavailable', { reason: reasonOf(error) })
    case 'PasswordException':
      return i18n.global.t('reports.pdf.password')
    default:
      return i18n.global.t('reports.pdf.damaged', { reason: reasonOf(error) })
  }
}
