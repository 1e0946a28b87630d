import { ExplainedError } from '../../preload/contract/platform/explained'
import {
  checkRequest,
  NAME_PATH,
  templateNameIssue,
  type TemplateIssue,
} from '../../preload/contract/templates/report-template'
import { coded, english } from '../platform/i18n/english'

// What every template store (this desk's SQLite, the team's PostgreSQL) checks and refuses alike.

/** A template cannot be saved as given; each issue names its field. */
export class TemplateRefusedError extends Error {
  override readonly name = 'TemplateRefusedError'
  constructor(readonly issues: TemplateIssue[]) {
    super(issues.map((issue) => issue.message).join(' '))
  }
}

export class TemplateNotFoundError extends ExplainedError {
  override readonly name = 'TemplateNotFoundError'
  constructor(id: string) {
    super(english('report.template.not-found', { id }), 'report.template.not-found', { id })
  }
}

/** A name checked and trimmed, or the refusal that says what is wrong with it. */
export function checkedName(name: string): string {
  const issue = templateNameIssue(name)
  if (issue) throw new TemplateRefusedError([issue])
  return name.trim()
}

/** The request as stored: what the schema keeps of it (fields it does not know are dropped). */
export function checkedRequest(request: unknown): string {
  const checked = checkRequest(request)
  if (!checked.ok) {
    throw new TemplateRefusedError(
      checked.issues.map((issue) => ({
        ...issue,
        path: issue.path ? `request.${issue.path}` : 'request',
      })),
    )
  }
  return JSON.stringify(checked.request)
}

/** The refusal of a name another live template has. */
export const nameTaken = (name: string) =>
  new TemplateRefusedError([{ path: NAME_PATH, ...coded('report.template.name-taken', { name }) }])
