import type {
  SavedView,
  SavedViewContent,
  ViewScope,
} from '../../preload/contract/reports/saved-views'
import type { SavedViewsRepository } from './saved-views-repository'

/** A template's views: what a team's workspace shares (an opened file's stay on its desk). */
export type TemplateViewScope = Extract<ViewScope, { kind: 'template' }>

/**
 * Saved report views wherever the workspace keeps them: this desk's SQLite (the local
 * workspace, any scope) or the team's PostgreSQL (a template's views). Both check and refuse
 * alike (view-checks.ts): names unique per scope whatever their case, at most
 * VIEWS_PER_REPORT_MAX listed, a view that no longer reads left out.
 */
export interface SavedViewStore<Scope extends ViewScope = ViewScope> {
  /** The scope's readable views by name, and the id of the one last used (if it reads). */
  list(scope: Scope): Promise<{ views: SavedView[]; lastUsedId: string | null }>
  /** A new view (no `id`, or one gone) or new content for view `id`; it becomes the last used. */
  save(input: {
    scope: Scope
    id: string | null
    name: string
    content: SavedViewContent
  }): Promise<SavedView | null>
  /** Null when the view is gone. */
  rename(id: string, newName: string): Promise<SavedView | null>
  /** Copies every view of one scope to another (a duplicated template's); how many. */
  copyScope(from: Scope, to: Scope): Promise<number>
  remove(id: string): Promise<boolean>
  /** Marks the view as the one its scope restores; false when it is gone. */
  markUsed(id: string): Promise<boolean>
}

/** The local workspace's views (synchronous SQLite) as a SavedViewStore. */
export function localSavedViewStore(repository: SavedViewsRepository): SavedViewStore {
  return {
    list: async (scope) => repository.list(scope),
    save: async (input) => repository.save(input),
    rename: async (id, newName) => repository.rename(id, newName),
    copyScope: async (from, to) => repository.copyScope(from, to),
    remove: async (id) => repository.remove(id),
    markUsed: async (id) => repository.markUsed(id),
  }
}
