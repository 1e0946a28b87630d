import type { z } from 'zod'
import type { TeamConnectionField } from '../../../../preload/contract/workspace/workspace'
import { i18n } from '../../platform/i18n'

const t = i18n.global.t

/** A field's name as its label shows it (the CA file's switch is the CA file). */
const fieldLabel = (field: TeamConnectionField) =>
  t(`workspace.form.${field === 'useCaFile' ? 'caFile' : field}`)

/** A connection-form rule broken, in the window's language, naming the field and the rule. */
export function connectionIssueText(issue: z.core.$ZodIssue): string {
  const field = String(issue.path[0] ?? '') as TeamConnectionField
  if (field === 'port') return t('workspace.rules.port')
  const name = fieldLabel(field)
  if (issue.code === 'too_small' || issue.code === 'invalid_type')
    return t('workspace.rules.required', { field: name })
  if (issue.code === 'too_big') {
    const max = Number(issue.maximum)
    return t('workspace.rules.tooLong', { field: name, max })
  }
  if (field === 'host') return t('workspace.rules.host')
  return t('workspace.rules.name', { field: name })
}
