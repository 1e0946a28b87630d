import type { TemplateIssue } from '../../../../../preload/contract/report-template'

/** The messages of the issues at `path` or inside it (`filters` takes `filters.gates.3`). */
export function issuesAt(issues: readonly TemplateIssue[], path: string): string[] {
  return issues
    .filter((issue) => issue.path === path || issue.path.startsWith(`${path}.`))
    .map((issue) =>
      issue.path === path
        ? issue.message
        : `${issue.path.slice(path.length + 1)}: ${issue.message}`,
    )
}

/** A JSON value as a form shows it: text as it is, anything else as JSON. */
export const shown = (value: unknown): string =>
  value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value)
