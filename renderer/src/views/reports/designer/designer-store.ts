import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { ReportRequest } from '../../../../../preload/contract/report-request'
import {
  blankRequest,
  checkRequest,
  freeName,
  isRecord,
  NAME_PATH,
  requestJsonText,
  templateNameIssue,
  unknownFields,
  type TemplateIssue,
} from '../../../../../preload/contract/report-template'
import { parseJsonText, type JsonText } from '../../../../../preload/contract/json-text'
import type {
  TemplateSummaryView,
  TemplateView,
} from '../../../../../preload/contract/report-template-channels'
import { call } from '../../../bridge'
import { explainMain, i18n } from '../../../i18n'
import { dialogText } from '../../../i18n/dialog-filters'

/** A saved request's refusals name their fields under `request.`. */
const REQUEST_PREFIX = /^request\.?/

/** A request field edited through the structured form: a plain JSON object to change in place. */
export type RequestDraft = Record<string, unknown>

/** A deleted template the Undo can bring back. */
export interface DeletedTemplate {
  id: string
  name: string
}

const parsedOrNull = (text: string) => {
  const parsed = parseJsonText(text)
  return parsed.ok ? parsed.value : null
}

/**
 * The report designer: the template list and the template open in the editor. The editor's
 * truth is the raw JSON text, so nothing typed is ever thrown away: the structured fields show
 * (and change) the last text that parsed, and a text that does not parse keeps its place.
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

  /** The open template's id; null for a draft not saved yet (new, or imported). */
  const templateId = ref<string | null>(null)
  /** Whether a template or draft is open at all. */
  const open = ref(false)
  /** The name in the editor (saved with the request). */
  const templateName = ref('')
  const rawText = ref('')
  const parsed = shallowRef<JsonText>({ ok: true, value: {} })
  /** The last JSON that parsed: what the structured fields show. */
  const lastGood = shallowRef<unknown>({})
  /** As last saved (name and compact request JSON); null for a draft never saved. */
  const saved = ref<{ name: string; json: string } | null>(null)
  /** Where the draft came from, when imported. */
  const importedFrom = ref<string | null>(null)
  /** Why the last save or rename was refused, each at its field; cleared by the next edit. */
  const refusal = ref<TemplateIssue[]>([])
  const saving = ref(false)
  const deleted = ref<DeletedTemplate[]>([])
  /** The editor's tab: the structured fields, or the raw JSON. */
  const editorTab = ref<'fields' | 'raw'>('fields')

  const rawError = computed(() => (parsed.value.ok ? null : parsed.value))
  const check = computed(() => checkRequest(lastGood.value))
  /** What is wrong with the name, in the window's language; null when nothing is. */
  const nameIssue = computed(() => {
    const issue =
      templateNameIssue(templateName.value) ??
      refusal.value.find((refused) => refused.path === NAME_PATH)
    return issue ? explainMain(issue) : null
  })
  /** Every problem of the request, each at its field ('' for the request as a whole). */
  const issues = computed<TemplateIssue[]>(() => {
    if (rawError.value) {
      const { message, messageCode, params } = rawError.value
      return [{ path: '', message, messageCode, params }]
    }
    const found = check.value.ok ? [] : [...check.value.issues]
    for (const issue of refusal.value) {
      if (issue.path === NAME_PATH) continue
      const path = issue.path.replace(REQUEST_PREFIX, '')
      if (!found.some((known) => known.path === path && known.message === issue.message)) {
        found.push({ ...issue, path })
      }
    }
    return found
  })
  /** The request to run: valid by the schema of spec §2.1, else null. */
  const request = computed<ReportRequest | null>(() =>
    open.value && !rawError.value && check.value.ok ? check.value.request : null,
  )
  const unknown = computed(() => unknownFields(lastGood.value))
  const dirty = computed(() => {
    if (!open.value) return false
    if (!saved.value) return true
    if (templateName.value.trim() !== saved.value.name) return true
    return rawError.value !== null || JSON.stringify(lastGood.value) !== saved.value.json
  })
  const canSave = computed(() => request.value !== null && nameIssue.value === null)

  function setRawText(text: string): void {
    rawText.value = text
    const next = parseJsonText(text)
    parsed.value = next
    if (next.ok) lastGood.value = next.value
    refusal.value = refusal.value.filter((issue) => issue.path === NAME_PATH)
  }

  function setName(name: string): void {
    templateName.value = name
    refusal.value = refusal.value.filter((issue) => issue.path !== NAME_PATH)
  }

  /**
   * Changes the request through the structured fields. Refused while the raw JSON does not
   * parse: writing the fields would throw away what was typed there.
   */
  function patch(change: (draft: RequestDraft) => void): boolean {
    if (rawError.value) return false
    const draft = JSON.parse(JSON.stringify(isRecord(lastGood.value) ? lastGood.value : {}))
    change(draft)
    setRawText(requestJsonText(draft))
    return true
  }

  function openDraft(draft: {
    id: string | null
    name: string
    text: string
    saved: boolean
    importedFrom?: string | null
  }): void {
    open.value = true
    templateId.value = draft.id
    templateName.value = draft.name
    setRawText(draft.text)
    refusal.value = []
    importedFrom.value = draft.importedFrom ?? null
    saved.value = draft.saved ? { name: draft.name, json: JSON.stringify(lastGood.value) } : null
  }

  function openSaved(template: TemplateView): void {
    openDraft({
      id: template.id,
      name: template.name,
      text: requestJsonText(parsedOrNull(template.requestJson)),
      saved: true,
    })
  }

  function close(): void {
    open.value = false
    templateId.value = null
    templateName.value = ''
    setRawText('{}')
    saved.value = null
    importedFrom.value = null
  }

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
    if (open.value) return
    const first = recent.value[0] ?? templates.value[0]
    if (first) await load(first.id)
  }

  function newTemplate(): void {
    const request = blankRequest()
    openDraft({
      id: null,
      name: freeName(
        'New report',
        templates.value.map((template) => template.name),
      ),
      text: requestJsonText(request),
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
    openDraft({
      id: null,
      name: result.name,
      text: result.text,
      saved: false,
      importedFrom: result.fileName,
    })
    // A file that is not JSON can only be mended as text.
    if (rawError.value) editorTab.value = 'raw'
    return { status: 'opened', issues: issues.value.length, notJson: rawError.value !== null }
  }

  /** Writes the open template's request (as the editor has it) to a JSON file. */
  async function exportOpen(): Promise<string | null | undefined> {
    const valid = request.value
    if (!valid) return undefined
    const result = await guard(() =>
      call('templates:export-file', {
        name: templateName.value || 'report-template',
        request: valid,
        ...dialogText(i18n.global.t('reports.dialogs.exportTemplate')),
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
        ...dialogText(i18n.global.t('reports.dialogs.exportTemplate')),
      }),
    )
    return result?.file
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
    templateId,
    templateName,
    open,
    rawText,
    rawError,
    lastGood,
    issues,
    nameIssue,
    request,
    unknown,
    dirty,
    canSave,
    saving,
    importedFrom,
    deleted,
    editorTab,
    setRawText,
    setName,
    patch,
    refreshList,
    start,
    load,
    newTemplate,
    save,
    duplicate,
    rename,
    remove,
    undoDelete,
    importFile,
    exportOpen,
    exportSaved,
    noteRun,
    close,
  }
})
