import { defineStore } from 'pinia'
import { ref } from 'vue'
import {
  blankRequest,
  freeName,
  requestJsonText,
} from '../../../../../preload/contract/templates/report-template'
import type {
  TemplateSummaryView,
  TemplateView,
} from '../../../../../preload/contract/templates/report-template-channels'
import { call } from '../../../platform/bridge'
import { explainMain } from '../../../platform/i18n'
import { parsedOrNull, useTemplateEditorState } from './template-editor-state'
import { templateFiles } from './template-files'

/** A deleted template the Undo can bring back. */
export interface DeletedTemplate {
  id: string
  name: string
}

/**
 * The report designer: the template list and the template open in the editor
 * (template-editor-state.ts), saved, renamed, deleted and brought back through main.
 *
 * For the run engineer: `request` is the open template's request when it is valid (else null,
 * and `issues` say why), `templateId` is null for a draft not saved yet, and `load(id)` opens a
 * template.
 */
export const useDesignerStore = defineStore('report-designer', () => {
  const templates = ref<TemplateSummaryView[]>([])
  const recent = ref<TemplateSummaryView[]>([])
  const listLoaded = ref(false)
  const failure = ref<string | null>(null)

  const saving = ref(false)
  const deleted = ref<DeletedTemplate[]>([])
  const editor = useTemplateEditorState()
  // What the editor keeps to itself; the rest is the store's too.
  const { saved, refusal, openDraft, openSaved, ...shown } = editor
  const { templateId, templateName, lastGood, importedFrom, request, nameIssue, dirty } = shown
  const { setRawText, close } = shown

  async function guard<T>(action: () => Promise<T>): Promise<T | undefined> {
    try {
      failure.value = null
      return await action()
    } catch (error) {
      failure.value = (error as Error).message
      return undefined
    }
  }

  async function refreshList(): Promise<void> {
    await guard(async () => {
      const list = await call('templates:list')
      templates.value = list.templates
      recent.value = list.recent
      listLoaded.value = true
    })
  }

  /** Opens a saved template in the editor (whatever was open is replaced: ask first). */
  async function load(id: string): Promise<boolean> {
    const template = await guard(() => call('templates:get', { id }))
    if (!template) return false
    openSaved(template)
    return true
  }

  /** Loads the list, and opens the template run last (else the first) unless one is open. */
  async function start(): Promise<void> {
    await refreshList()
    if (editor.open.value) return
    const first = recent.value[0] ?? templates.value[0]
    if (first) await load(first.id)
  }

  function newTemplate(): void {
    openDraft({
      id: null,
      name: freeName(
        'New report',
        templates.value.map((template) => template.name),
      ),
      text: requestJsonText(blankRequest()),
      saved: false,
    })
  }

  /** Saves the open template (a draft becomes a template); false when refused or invalid. */
  async function save(): Promise<boolean> {
    const valid = request.value
    if (!valid || nameIssue.value || saving.value) return false
    saving.value = true
    try {
      const result = await guard(() =>
        call('templates:save', {
          id: templateId.value,
          name: templateName.value,
          request: valid,
        }),
      )
      if (!result) return false
      if (result.status === 'refused') {
        refusal.value = result.issues
        return false
      }
      const keepText = JSON.stringify(lastGood.value) === result.template.requestJson
      templateId.value = result.template.id
      templateName.value = result.template.name
      // Fields GateDesk does not know are dropped when saved: the text shows what was kept.
      if (!keepText) setRawText(requestJsonText(parsedOrNull(result.template.requestJson)))
      saved.value = { name: result.template.name, json: JSON.stringify(lastGood.value) }
      importedFrom.value = null
      refusal.value = []
      await refreshList()
      return true
    } finally {
      saving.value = false
    }
  }

  async function duplicate(id: string): Promise<TemplateView | undefined> {
    const copy = await guard(() => call('templates:duplicate', { id }))
    if (copy) await refreshList()
    return copy
  }

  /** Renames a template; the problem with the name when refused, else null. */
  async function rename(id: string, name: string): Promise<string | null> {
    const result = await guard(() => call('templates:rename', { id, name }))
    if (!result) return failure.value
    if (result.status === 'refused')
      return result.issues.map((issue) => explainMain(issue)).join(' ')
    if (templateId.value === id) {
      // The editor follows, keeping an unsaved change to the request.
      templateName.value = result.template.name
      if (saved.value) saved.value = { ...saved.value, name: result.template.name }
    }
    await refreshList()
    return null
  }

  /** Deletes a template (undo brings it back); an open one gives way to the next. */
  async function remove(id: string): Promise<DeletedTemplate | undefined> {
    const name = templates.value.find((template) => template.id === id)?.name ?? 'the template'
    const done = await guard(() => call('templates:delete', { id }))
    if (!done) return undefined
    const entry = { id, name }
    deleted.value = [...deleted.value, entry]
    const index = templates.value.findIndex((template) => template.id === id)
    await refreshList()
    if (templateId.value === id) {
      const next = templates.value[Math.min(index, templates.value.length - 1)]
      if (next) await load(next.id)
      else close()
    }
    return entry
  }

  /** Brings back the template deleted last (or the one given), and opens it if nothing is changed. */
  async function undoDelete(id?: string): Promise<TemplateView | undefined> {
    const entry = id
      ? deleted.value.find((item) => item.id === id)
      : deleted.value[deleted.value.length - 1]
    if (!entry) return undefined
    deleted.value = deleted.value.filter((item) => item !== entry)
    const restored = await guard(() => call('templates:restore', { id: entry.id }))
    if (!restored) return undefined
    await refreshList()
    if (!dirty.value) openSaved(restored)
    return restored
  }

  /** Notes that a report was run from a template (main's run does this too), for "Recently run". */
  async function noteRun(id: string): Promise<void> {
    const result = await guard(() => call('templates:mark-run', { id }))
    if (result) recent.value = result.recent
  }

  return {
    templates,
    recent,
    listLoaded,
    failure,
    saving,
    deleted,
    ...shown,
    refreshList,
    start,
    load,
    newTemplate,
    save,
    duplicate,
    rename,
    remove,
    undoDelete,
    ...templateFiles(editor, guard, failure),
    noteRun,
  }
})
