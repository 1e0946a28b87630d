import type { TemplateIssue } from '../../../../../preload/contract/templates/report-template'
import { explainMain } from '../../../platform/i18n'

/**
 * The messages of the issues at `path` or inside it (`filters` takes `filters.gates.3`), in the
 * window's language.
 */
export function issuesAt(issues: readonly TemplateIssue[], path: string): string[] {
  return issues
    .filter((issue) => issue.path === path || issue.path.startsWith(`${path}.`))
    .map((issue) =>
      issue.path === path
        ? explainMain(issue)
        : `${issue.path.slice(path.length + 1)}: ${explainMain(issue)}`,
    )
}

/** A JSON value as a form shows it: text as it is, anything else as JSON. */
export const shown = (value: unknown): string =>
  value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value)
