import { computed, ref } from 'vue'
import type {
  SavedView,
  SavedViewContent,
  ViewSaved,
  ViewScope,
} from '../../../../../preload/contract/reports/saved-views'
import { call } from '../../../platform/bridge'
import { explainMain } from '../../../platform/i18n'

const sameHeader = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((name, at) => name === b[at])

/**
 * The named views of the report on show (its template's, or its header's for an opened file):
 * listed, applied, saved, renamed, deleted; the one last used applied when the report opens.
 * A view applies only to a report with its header: its columns are by their place in the file.
 */
export function useSavedViews(options: {
  scope: ViewScope
  header: readonly string[]
  /** The view on screen now, as a view would keep it. */
  current: () => SavedViewContent
  apply: (content: SavedViewContent) => void
  /** The view to open in rather than the last used (a report reopened from the recent list). */
  opening?: SavedViewContent | null
}) {
  const { scope, header } = options
  const views = ref<SavedView[]>([])
  /** The view last applied or saved here; null until one is. */
  const activeId = ref<string | null>(null)
  const failure = ref<string | null>(null)
  const active = computed(() => views.value.find((view) => view.id === activeId.value) ?? null)
  const fits = (view: SavedView) => sameHeader(view.content.header, header)

  async function guarded<T>(work: () => Promise<T>): Promise<T | undefined> {
    failure.value = null
    try {
      return await work()
    } catch (cause) {
      failure.value = (cause as Error).message
      return undefined
    }
  }

  async function load(): Promise<string | null> {
    const listed = await guarded(() => call('report-views:list', { scope }))
    if (!listed) return null
    views.value = listed.views
    return listed.lastUsedId
  }

  /**
   * Lists the views and applies the opening view, or else the one last used, when it fits this
   * report (a file reopened from the recent list may have another header by now).
   */
  async function restoreLast(): Promise<void> {
    const lastId = await load()
    const { opening } = options
    if (opening && sameHeader(opening.header, header)) {
      options.apply(opening)
      return
    }
    const last = views.value.find((view) => view.id === lastId)
    if (last && fits(last)) {
      activeId.value = last.id
      options.apply(last.content)
    }
  }

  async function applyView(view: SavedView): Promise<void> {
    if (!fits(view)) return
    activeId.value = view.id
    options.apply(view.content)
    await guarded(() => call('report-views:mark-used', { id: view.id }))
  }

  /** After a save or rename: the refusal in the window's language, or null once listed again. */
  async function settled(result: ViewSaved | undefined): Promise<string | null> {
    if (!result) return failure.value
    if (result.status === 'refused') return explainMain(result)
    activeId.value = result.view.id
    await load()
    return null
  }

  /** Saves what is on screen as a new view (`id` null) or into view `id`. */
  const save = async (name: string, id: string | null = null) =>
    settled(
      await guarded(() =>
        call('report-views:save', { scope, id, name, content: options.current() }),
      ),
    )

  async function rename(id: string, name: string): Promise<string | null> {
    const wasActive = activeId.value
    const refusal = await settled(await guarded(() => call('report-views:rename', { id, name })))
    // Renaming a view does not apply it.
    activeId.value = wasActive
    return refusal
  }

  async function remove(id: string): Promise<void> {
    await guarded(() => call('report-views:delete', { id }))
    if (activeId.value === id) activeId.value = null
    await load()
  }

  return {
    views,
    active,
    failure,
    fits,
    current: options.current,
    restoreLast,
    applyView,
    save,
    rename,
    remove,
  }
}
