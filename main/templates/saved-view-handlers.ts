import type { Handlers } from '../platform/electron/ipc'
import type { SavedViewService } from './saved-view-service'

type ViewChannel = Extract<keyof Handlers, `report-views:${string}`>

export function savedViewHandlers(deps: { views: SavedViewService }): Pick<Handlers, ViewChannel> {
  const { views } = deps
  return {
    'report-views:list': async ({ scope }) => views.list(scope),
    'report-views:save': async (input) => views.save(input),
    'report-views:rename': async ({ id, name }) => views.rename(id, name),
    'report-views:delete': async ({ id }) => ({ deleted: await views.remove(id) }),
    'report-views:mark-used': async ({ id }) => ({ marked: await views.markUsed(id) }),
  }
}
