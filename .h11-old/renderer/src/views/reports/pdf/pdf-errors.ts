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
      return `GateDesk cannot read this report file: ${reasonOf(error)}. Run the report again, or open the file from where you saved it.`
    case 'PasswordException':
      return 'This PDF is protected by a password, which GateDesk does not ask for. Save the original and open it in another reader.'
    default:
      return `This PDF cannot be read: it is damaged or incomplete (${reasonOf(error)}). Save the original and open it in another reader, or run the report again.`
  }
}
