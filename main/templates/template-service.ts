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
import type { SavedViewStore, TemplateViewScope } from './saved-view-store'
import type { TemplateStore } from './template-store'
import { TemplateRefusedError, type ReportTemplate } from './report-templates-repository'

const ISSUES_SHOWN = 100

/** A template as the window gets it: its request as JSON text. */
const view = ({ request, ...summary }: ReportTemplate) => ({
  ...summary,
  requestJson: JSON.stringify(request),
})

/** Saves, or says at which fields the template was refused. */
async function savedOrRefused(save: () => Promise<ReportTemplate>) {
  try {
    return { status: 'saved' as const, template: view(await save()) }
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
  freeName: (base: string) => Promise<string>,
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
      name: await freeName(base),
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
    name: await freeName(typeof reportName === 'string' && reportName.trim() ? reportName : base),
    text: requestJsonText(request),
    issues: checked.ok ? [] : checked.issues.slice(0, ISSUES_SHOWN),
    views,
    viewsSkipped: skipped,
  }
}

/** Where the templates and their views are: the workspace's, as it is when a call starts. */
export interface TemplateStores {
  templates: TemplateStore
  views: SavedViewStore<TemplateViewScope>
}

const scopeOf = (templateId: string): TemplateViewScope => ({ kind: 'template', templateId })

/**
 * Report templates: the one place that lists, saves, copies, deletes, marks as run, imports and
 * exports them. The workspace's stores keep them (this desk's, or the team's: `stores` reads the
 * desk's setting on each call); the channels only ask the user which file.
 */
export function createReportTemplateService(deps: { stores: () => Promise<TemplateStores> }) {
  const templatesNow = async () => (await deps.stores()).templates
  const recentOf = (templates: TemplateStore) => templates.recent(RECENT_TEMPLATES_MAX)
  return {
    async list() {
      const templates = await templatesNow()
      const [all, recent] = await Promise.all([templates.list(), recentOf(templates)])
      return { templates: all, recent }
    },
    get: async (id: string) => view(await (await templatesNow()).get(id)),
    save: async (draft: { id: string | null; name: string; request: ReportRequest }) => {
      const templates = await templatesNow()
      return savedOrRefused(() => templates.save(draft))
    },
    /** A copy of the template with copies of its saved views. */
    async duplicate(id: string) {
      const { templates, views } = await deps.stores()
      const copy = await templates.duplicate(id)
      await views.copyScope(scopeOf(id), scopeOf(copy.id))
      return view(copy)
    },
    rename: async (id: string, name: string) => {
      const templates = await templatesNow()
      return savedOrRefused(() => templates.rename(id, name))
    },
    remove: async (id: string) => (await templatesNow()).remove(id),
    restore: async (id: string) => view(await (await templatesNow()).restore(id)),
    /** Puts the template first among the recent ones; false when it is gone. */
    async markRun(id: string) {
      const templates = await templatesNow()
      return { marked: await templates.markRun(id), recent: await recentOf(templates) }
    },
    importFile: async (file: string) => readTemplateFile(file, (await templatesNow()).freeName),
    async exportFile(file: string, request: ReportRequest, templateId?: string | null) {
      const { views } = await deps.stores()
      const saved = templateId ? (await views.list(scopeOf(templateId))).views : []
      await writeFile(file, requestJsonText(requestWithViews(request, saved)), 'utf8')
    },
  }
}

export type ReportTemplateService = ReturnType<typeof createReportTemplateService>
