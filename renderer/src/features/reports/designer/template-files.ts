import type { Ref } from 'vue'
import type { TemplateFileView } from '../../../../../preload/contract/reports/saved-views'
import { checkRequest } from '../../../../../preload/contract/templates/report-template'
import { call } from '../../../platform/bridge'
import { explainMain, i18n } from '../../../platform/i18n'
import { dialogText } from '../../../platform/i18n/dialog-filters'
import { parsedOrNull, type TemplateEditorState } from './template-editor-state'

/** Runs a call to main; its failure goes to the designer's message, and undefined comes back. */
export type Guard = <T>(action: () => Promise<T>) => Promise<T | undefined>

const exportDialog = () => dialogText(i18n.global.t('reports.dialogs.exportTemplate'))

/** The designer's template files: a JSON file opened as a draft, a request written to one. */
export function templateFiles(
  editor: TemplateEditorState,
  guard: Guard,
  failure: Ref<string | null>,
) {
  /** The imported file's saved views: saved with the template once the draft is saved. */
  let importedViews: TemplateFileView[] = []

  /** Asks main for a JSON file and opens it as an unsaved draft, problems at their fields. */
  async function importFile(): Promise<
    | { status: 'cancelled' }
    | { status: 'opened'; issues: number; notJson: boolean }
    | { status: 'refused'; message: string }
    | undefined
  > {
    const result = await guard(() =>
      call('templates:import-file', {
        ...dialogText(i18n.global.t('reports.dialogs.importTemplate')),
      }),
    )
    if (!result) return undefined
    if (result.status === 'cancelled') return result
    if (result.status === 'refused') return { status: 'refused', message: explainMain(result) }
    importedViews = result.views
    editor.openDraft({
      id: null,
      name: result.name,
      text: result.text,
      saved: false,
      importedFrom: result.fileName,
    })
    // A file that is not JSON can only be mended as text.
    if (editor.rawError.value) editor.editorTab.value = 'raw'
    return {
      status: 'opened',
      issues: editor.issues.value.length,
      notJson: editor.rawError.value !== null,
    }
  }

  /** Writes the open template's request (as the editor has it) to a JSON file. */
  async function exportOpen(): Promise<string | null | undefined> {
    const valid = editor.request.value
    if (!valid) return undefined
    const result = await guard(() =>
      call('templates:export-file', {
        name: editor.templateName.value || 'report-template',
        request: valid,
        templateId: editor.templateId.value,
        ...exportDialog(),
      }),
    )
    return result?.file
  }

  /** Writes a saved template's request to a JSON file. */
  async function exportSaved(id: string): Promise<string | null | undefined> {
    const template = await guard(() => call('templates:get', { id }))
    if (!template) return undefined
    const checked = checkRequest(parsedOrNull(template.requestJson))
    if (!checked.ok) {
      failure.value = i18n.global.t('reports.templates.cannotExport', {
        name: template.name,
        reason: checked.issues[0] ? explainMain(checked.issues[0]) : '',
      })
      return undefined
    }
    const result = await guard(() =>
      call('templates:export-file', {
        name: template.name,
        request: checked.request,
        templateId: id,
        ...exportDialog(),
      }),
    )
    return result?.file
  }

  /** Saves the imported file's views as the new template `templateId`'s (once). */
  async function saveImportedViews(templateId: string): Promise<void> {
    const views = importedViews
    importedViews = []
    for (const { name, content } of views) {
      await guard(() =>
        call('report-views:save', {
          scope: { kind: 'template', templateId },
          id: null,
          name,
          content,
        }),
      )
    }
  }

  return { importFile, exportOpen, exportSaved, saveImportedViews }
}
