import { computed, ref, shallowRef } from 'vue'
import type { ReportRequest } from '../../../../../preload/contract/reports/report-request'
import {
  checkRequest,
  isRecord,
  NAME_PATH,
  requestJsonText,
  templateNameIssue,
  unknownFields,
  type TemplateIssue,
} from '../../../../../preload/contract/templates/report-template'
import { parseJsonText, type JsonText } from '../../../../../preload/contract/platform/json-text'
import type { TemplateView } from '../../../../../preload/contract/templates/report-template-channels'
import { explainMain } from '../../../platform/i18n'

/** A saved request's refusals name their fields under `request.`. */
const REQUEST_PREFIX = /^request\.?/

/** A request field edited through the structured form: a plain JSON object to change in place. */
export type RequestDraft = Record<string, unknown>

export const parsedOrNull = (text: string) => {
  const parsed = parseJsonText(text)
  return parsed.ok ? parsed.value : null
}

/**
 * The template open in the designer's editor. Its truth is the raw JSON text, so nothing typed
 * is ever thrown away: the structured fields show (and change) the last text that parsed, and a
 * text that does not parse keeps its place.
 */
export function useTemplateEditorState() {
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

  return {
    templateId,
    open,
    templateName,
    rawText,
    lastGood,
    saved,
    importedFrom,
    refusal,
    editorTab,
    rawError,
    nameIssue,
    issues,
    request,
    unknown,
    dirty,
    canSave,
    setRawText,
    setName,
    patch,
    openDraft,
    openSaved,
    close,
  }
}

export type TemplateEditorState = ReturnType<typeof useTemplateEditorState>
