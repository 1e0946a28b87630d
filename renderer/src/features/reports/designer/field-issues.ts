import type { TemplateIssue } from '../../../../../preload/contract/templates/report-template'
import { explainMain, i18n } from '../../../platform/i18n'

/** The parts of an input parameter, named as the designer's column heads name them. */
const PARAMETER_PARTS = new Set(['type', 'name', 'value'])

/**
 * Where inside a field an issue is, in words: an item of a list by its number from 1 ("Item 3"),
 * a parameter's part by its column's label ("Value"); any other path as it is written.
 */
function placeName(inner: string): string {
  const { t } = i18n.global
  if (/^\d+$/.test(inner)) return t('reportRequest.item', { n: Number(inner) + 1 })
  return PARAMETER_PARTS.has(inner) ? t(`reports.parameters.${inner}`) : inner
}

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
        : `${placeName(issue.path.slice(path.length + 1))}: ${explainMain(issue)}`,
    )
}

/** A JSON value as a form shows it: text as it is, anything else as JSON. */
export const shown = (value: unknown): string =>
  value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value)
