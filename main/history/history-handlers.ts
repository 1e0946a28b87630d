import type { Handlers } from '../platform/electron/ipc'
import type { HistoryRepository } from './history-repository'

type HistoryChannel = Extract<keyof Handlers, `history:${string}`>

export function historyHandlers(deps: {
  history: HistoryRepository
}): Pick<Handlers, HistoryChannel> {
  return {
    'history:search': async (query) => deps.history.search(query),
  }
}
