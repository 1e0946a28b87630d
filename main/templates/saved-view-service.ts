import type {
  SavedView,
  SavedViewContent,
  ViewSaved,
  ViewScope,
} from '../../preload/contract/reports/saved-views'
import { coded } from '../platform/i18n/english'
import type { SavedViewStore, TemplateViewScope } from './saved-view-store'
import { ViewRefusedError } from './view-checks'

/** Saves, or says why the name was refused. */
async function savedOrRefused(
  save: () => Promise<SavedView | null>,
  id: string | null,
): Promise<ViewSaved> {
  try {
    const view = await save()
    if (view) return { status: 'saved', view }
    return { status: 'refused', ...coded('report-view.not-found', { id: id ?? '' }) }
  } catch (error) {
    if (!(error instanceof ViewRefusedError)) throw error
    return { status: 'refused', ...error.refusal }
  }
}

/**
 * Saved report views: the one place that lists, saves, renames, deletes and restores them. A
 * template's views are the workspace's (`shared`: the team's, or null in the local workspace);
 * an opened file's stay on this desk (`local`). A view known by its id alone is looked for in
 * the team's first, then on this desk.
 */
export function createSavedViewService(deps: {
  local: SavedViewStore
  shared: () => Promise<SavedViewStore<TemplateViewScope> | null>
}) {
  const { local } = deps
  const sharedFor = async (scope: ViewScope) => (scope.kind === 'template' ? deps.shared() : null)
  /** `work` on the team's store, then on this desk's where the team's did not have the view. */
  const byId = async <T>(
    work: (store: Pick<SavedViewStore, 'rename' | 'remove' | 'markUsed'>) => Promise<T>,
    found: (done: T) => boolean,
  ) => {
    const shared = await deps.shared()
    if (shared !== null) {
      const done = await work(shared)
      if (found(done)) return done
    }
    return work(local)
  }
  return {
    async list(scope: ViewScope) {
      const shared = await sharedFor(scope)
      return shared && scope.kind === 'template' ? shared.list(scope) : local.list(scope)
    },
    save: (input: {
      scope: ViewScope
      id: string | null
      name: string
      content: SavedViewContent
    }) =>
      savedOrRefused(async () => {
        const { scope } = input
        const shared = await sharedFor(scope)
        return shared && scope.kind === 'template'
          ? shared.save({ ...input, scope })
          : local.save(input)
      }, input.id),
    rename: (id: string, name: string) =>
      savedOrRefused(
        () =>
          byId(
            (store) => store.rename(id, name),
            (view) => view !== null,
          ),
        id,
      ),
    remove: (id: string) => byId((store) => store.remove(id), Boolean),
    markUsed: (id: string) => byId((store) => store.markUsed(id), Boolean),
  }
}

export type SavedViewService = ReturnType<typeof createSavedViewService>
