import { basename } from 'node:path'
import {
  ALL_FILES,
  dialogWords,
  type FileDialogs,
  type OfferedFilter,
} from '../platform/electron/dialogs'
import type { Handlers } from '../platform/electron/ipc'
import { templateFileName, type ReportTemplateService } from './template-service'

type TemplateChannel = Extract<keyof Handlers, `templates:${string}`>

const JSON_FILES: OfferedFilter[] = [{ id: 'reportTemplates', extensions: ['json'] }, ALL_FILES]

export function reportTemplateHandlers(deps: {
  templates: ReportTemplateService
  dialogs: FileDialogs
}): Pick<Handlers, TemplateChannel> {
  const { templates, dialogs } = deps
  return {
    'templates:list': async () => templates.list(),
    'templates:get': async ({ id }) => templates.get(id),
    'templates:save': async (draft) => templates.save(draft),
    'templates:duplicate': async ({ id }) => templates.duplicate(id),
    'templates:rename': async ({ id, name }) => templates.rename(id, name),
    'templates:delete': async ({ id }) => {
      await templates.remove(id)
      return { deleted: true as const }
    },
    'templates:restore': async ({ id }) => templates.restore(id),
    'templates:import-file': async (input) => {
      const file = await dialogs.chooseFileToOpen(
        dialogWords(input, 'reports.dialogs.importTemplate', JSON_FILES),
      )
      if (!file) return { status: 'cancelled' as const }
      return templates.importFile(file)
    },
    'templates:export-file': async (input) => {
      const { name, request, templateId } = input
      const file = await dialogs.chooseFileToSave({
        ...dialogWords(input, 'reports.dialogs.exportTemplate', JSON_FILES),
        defaultName: templateFileName(name),
      })
      if (!file) return { file: null }
      await templates.exportFile(file, request, templateId)
      return { file: basename(file) }
    },
    'templates:mark-run': async ({ id }) => templates.markRun(id),
  }
}
