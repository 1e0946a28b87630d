import type {
  SavedView,
  SavedViewContent,
  ViewSaved,
  ViewScope,
} from '../../preload/contract/reports/saved-views'
import { coded } from '../platform/i18n/english'
import type { SavedViewsRepository } from './saved-views-repository'
import { ViewRefusedError } from './view-checks'

/** Saves, or says why the name was refused. */
function savedOrRefused(save: () => SavedView | null, id: string | null): ViewSaved {
  try {
    const view = save()
    if (view) return { status: 'saved', view }
    return { status: 'refused', ...coded('report-view.not-found', { id: id ?? '' }) }
  } catch (error) {
    if (!(error instanceof ViewRefusedError)) throw error
    return { status: 'refused', ...error.refusal }
  }
}

/** Saved report views: the one place that lists, saves, renames, deletes and restores them. */
export function createSavedViewService(deps: { views: SavedViewsRepository }) {
  const { views } = deps
  return {
    list: (scope: ViewScope) => views.list(scope),
    save: (input: {
      scope: ViewScope
      id: string | null
      name: string
      content: SavedViewContent
    }) => savedOrRefused(() => views.save(input), input.id),
    rename: (id: string, name: string) => savedOrRefused(() => views.rename(id, name), id),
    remove: (id: string) => views.remove(id),
    markUsed: (id: string) => views.markUsed(id),
  }
}

export type SavedViewService = ReturnType<typeof createSavedViewService>
