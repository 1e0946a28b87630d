import { stat, writeFile } from 'node:fs/promises'
import { basename, extname } from 'node:path'
import {
  explainedDetail,
  type Explained,
  type MessageParams,
} from '../../preload/contract/platform/explained'
import type { MessageSchema } from '../../preload/contract/locales/en'
import { parseJsonText } from '../../preload/contract/platform/json-text'
import type { ReportRequest } from '../../preload/contract/reports/report-request'
import {
  checkRequest,
  isRecord,
  requestJsonText,
  TEMPLATE_FILE_MAX_BYTES,
  type TemplateIssue,
} from '../../preload/contract/templates/report-template'
import { RECENT_TEMPLATES_MAX } from '../../preload/contract/templates/report-template-channels'
import type { TemplateFileView } from '../../preload/contract/reports/saved-views'
import { outputText } from '../../preload/contract/platform/text'
import { NotRegularFileError, readRegularFile } from '../platform/csv/regular-file'
import { coded } from '../platform/i18n/english'
import { requestWithViews, splitViews } from './template-file-views'
import type { SavedViewsRepository } from './saved-views-repository'
import {
  TemplateRefusedError,
  type ReportTemplate,
  type ReportTemplatesRepository,
} from './report-templates-repository'

const ISSUES_SHOWN = 100

/** A template as the window gets it: its request as JSON text. */
const view = ({ request, ...summary }: ReportTemplate) => ({
  ...summary,
  requestJson: JSON.stringify(request),
})

/** Saves, or says at which fields the template was refused. */
function savedOrRefused(save: () => ReportTemplate) {
  try {
    return { status: 'saved' as const, template: view(save()) }
  } catch (error) {
    if (!(error instanceof TemplateRefusedError)) throw error
    return { status: 'refused' as const, issues: error.issues.slice(0, ISSUES_SHOWN) }
  }
}

/** A file name from a template name: no path separators or characters systems refuse. */
export function templateFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const safe = name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '-').replace(/^[.\s]+|[.\s]+$/g, '')
  return `${safe.slice(0, 120) || 'report-template'}.json`
}

type TemplateFileRead =
  | {
      status: 'opened'
      fileName: string
      name: string
      text: string
      issues: TemplateIssue[]
      views: TemplateFileView[]
      viewsSkipped: number
    }
  | ({ status: 'refused'; fileName: string } & Explained)

/** Why a file is not a template GateDesk reads: main.report.template.file-* in the catalog. */
type FileRefusal = Extract<keyof MessageSchema['main']['report']['template'], `file-${string}`>

/**
 * Reads a template file (the report request of spec §2.1 as JSON) as a draft for the designer:
 * never saved here, so nothing that failed the checks is kept without the user seeing why.
 */
async function readTemplateFile(
  file: string,
  freeName: (base: string) => string,
): Promise<TemplateFileRead> {
  const fileName = basename(file)
  const refused = (code: FileRefusal, params: MessageParams = {}) => ({
    status: 'refused' as const,
    fileName,
    ...coded(`report.template.${code}`, { file: fileName, ...params }),
  })
  const size = (await stat(file)).size
  if (size > TEMPLATE_FILE_MAX_BYTES) {
    return refused('file-too-large', { sizeBytes: size, limitBytes: TEMPLATE_FILE_MAX_BYTES })
  }
  let bytes: Buffer
  try {
    bytes = await readRegularFile(file)
  } catch (error) {
    if (!(error instanceof NotRegularFileError)) throw error
    return refused('file-not-regular')
  }
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    return refused('file-not-utf8')
  }
  if (!outputText(text.length).safeParse(text).success) {
    return refused('file-private-key')
  }
  const base = basename(fileName, extname(fileName))
  const parsed = parseJsonText(text)
  if (!parsed.ok) {
    // Opened as it is, so the raw JSON tab shows where it breaks and nothing is lost.
    return {
      status: 'opened',
      fileName,
      name: freeName(base),
      text,
      views: [],
      viewsSkipped: 0,
      issues: [
        {
          path: '',
          ...coded('report.template.file-not-json', { file: fileName, ...explainedDetail(parsed) }),
        },
      ],
    }
  }
  // The views beside the request are not the request's: the draft carries them apart.
  const { request, views, skipped } = splitViews(parsed.value)
  const reportName = isRecord(request) ? request['reportName'] : undefined
  const checked = checkRequest(request)
  return {
    status: 'opened',
    fileName,
    name: freeName(typeof reportName === 'string' && reportName.trim() ? reportName : base),
    text: requestJsonText(request),
    issues: checked.ok ? [] : checked.issues.slice(0, ISSUES_SHOWN),
    views,
    viewsSkipped: skipped,
  }
}

/**
 * Report templates: the one place that lists, saves, copies, deletes, marks as run, imports and
 * exports them. The repository keeps them; the channels only ask the user which file.
 */
export function createReportTemplateService(deps: {
  templates: ReportTemplatesRepository
  /** Saved views, carried in the files the templates are exported to. */
  views?: SavedViewsRepository
}) {
  const { templates, views } = deps
  const viewsOf = (templateId: string | null | undefined) =>
    templateId && views ? views.list({ kind: 'template', templateId }).views : []
  const recent = () => templates.recent(RECENT_TEMPLATES_MAX)
  return {
    list: () => ({ templates: templates.list(), recent: recent() }),
    get: (id: string) => view(templates.get(id)),
    save: (draft: { id: string | null; name: string; request: ReportRequest }) =>
      savedOrRefused(() => templates.save(draft)),
    /** A copy of the template with copies of its saved views. */
    duplicate: (id: string) =>
      view(
        templates.duplicate(id, (originalId, copyId) =>
          views?.copyScope(
            { kind: 'template', templateId: originalId },
            { kind: 'template', templateId: copyId },
          ),
        ),
      ),
    rename: (id: string, name: string) => savedOrRefused(() => templates.rename(id, name)),
    remove: (id: string) => templates.remove(id),
    restore: (id: string) => view(templates.restore(id)),
    /** Puts the template first among the recent ones; false when it is gone. */
    markRun: (id: string) => ({ marked: templates.markRun(id), recent: recent() }),
    /** Drops what was deleted before this start: a delete is undoable only while GateDesk runs. */
    purgeDeleted: () => templates.purgeDeleted(),
    importFile: (file: string) => readTemplateFile(file, templates.freeName),
    exportFile: (file: string, request: ReportRequest, templateId?: string | null) =>
      writeFile(file, requestJsonText(requestWithViews(request, viewsOf(templateId))), 'utf8'),
  }
}

export type ReportTemplateService = ReturnType<typeof createReportTemplateService>
