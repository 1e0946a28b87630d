import { useRouter } from 'vue-router'
import type { HistoryEntryView } from '../../../../../preload/contract/history/history-channels'
import { REQUEST_JSON_PARAMETER } from '../../../../../preload/contract/reports/report-run-channels'
import {
  reportRequestSchema,
  type ReportRequest,
} from '../../../../../preload/contract/reports/report-request'
import {
  freeName,
  requestJsonText,
} from '../../../../../preload/contract/templates/report-template'
import { useConfirm } from '../../../platform/composables/confirm'
import { useEnvironmentsStore } from '../../../platform/environments/environments-store'
import { useDesignerStore } from '../designer/designer-store'
import { i18n } from '../../../platform/i18n'

/** The request a History entry of a report run kept whole; null when it has none to give back. */
export function keptReportRequest(entry: HistoryEntryView): ReportRequest | null {
  if (entry.operation !== 'custom-report') return null
  const json = entry.parameters.find(([name]) => name === REQUEST_JSON_PARAMETER)?.[1]
  if (json === undefined) return null
  try {
    const parsed = reportRequestSchema.safeParse(JSON.parse(json))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/**
 * "Run again" from History: the entry's request goes back to the Reports screen as a new,
 * unsaved draft in the designer, on the environment it ran on, ready to run (nothing is sent
 * until the user runs it). Unsaved changes in the designer are not replaced without asking.
 */
export function useRunAgain() {
  const ask = useConfirm()
  const router = useRouter()
  const designer = useDesignerStore()
  const environments = useEnvironmentsStore()

  const replaceUnsaved = () =>
    ask({
      title: i18n.global.t('reports.again.title'),
      content: i18n.global.t('reports.again.content', { name: designer.templateName }),
      positiveText: i18n.global.t('reports.again.replace'),
      negativeText: i18n.global.t('reports.again.keep'),
    })

  return async function runAgain(entry: HistoryEntryView): Promise<boolean> {
    const request = keptReportRequest(entry)
    if (!request) return false
    if (designer.dirty && !(await replaceUnsaved())) return false
    const template = entry.parameters.find(([name]) => name === 'template')?.[1]
    const taken = designer.templates.map((saved) => saved.name)
    designer.newTemplate()
    designer.setName(freeName(template ?? (request.reportName || request.reportIdentifier), taken))
    designer.setRawText(requestJsonText(request))
    if (environments.list.some((environment) => environment.id === entry.environmentId)) {
      environments.select(entry.environmentId)
    }
    await router.push('/reports')
    return true
  }
}
