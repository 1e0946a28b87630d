import type { z } from 'zod'
import { BridgeError } from '../../platform/bridge'
import { explainMain, i18n } from '../../platform/i18n'

const t = i18n.global.t
const REQUIRED = ['name', 'baseUrl', 'endpointId', 'merchantLogin'] as const
const LIMITED = [
  'name',
  'endpointId',
  'merchantLogin',
  'updateRecurringPath',
  'reportPath',
] as const
const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value)

/**
 * An environment-form rule in the window's language. The contract's refinements carry a code
 * (main.environment.*); the plain length and presence checks are worded here by field.
 */
export function environmentIssueText(issue: z.core.$ZodIssue): string {
  const field = String(issue.path[0] ?? '')
  if (issue.code === 'custom') {
    const { messageCode, ...params } = issue.params ?? {}
    return explainMain({
      message: issue.message,
      messageCode: typeof messageCode === 'string' ? messageCode : undefined,
      params: params as Record<string, string>,
    })
  }
  if ((issue.code === 'too_small' || issue.code === 'invalid_type') && isOneOf(REQUIRED, field)) {
    return t(`environments.rules.required.${field}`)
  }
  if (issue.code === 'too_big' && isOneOf(LIMITED, field)) {
    const max = Number(issue.maximum)
    return t('environments.rules.tooLong', { field: t(`environments.form.${field}`), max }, max)
  }
  if (issue.code === 'invalid_value' && field === 'kind') return t('environments.rules.kind')
  return issue.message
}

/** The fields main refused in a failed save, each with its rule in the window's language. */
export function mainFieldIssues(error: unknown): [field: string, text: string][] {
  if (!(error instanceof BridgeError)) return []
  return (error.detail.issues ?? []).map((issue) => [
    issue.path.split('.').pop() ?? '',
    explainMain(issue),
  ])
}
