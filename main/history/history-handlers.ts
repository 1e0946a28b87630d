import { basename } from 'node:path'
import type { Handlers } from '../platform/electron/ipc'
import {
  ALL_FILES,
  dialogWords,
  type FileDialogs,
  type OfferedFilter,
} from '../platform/electron/dialogs'
import { exportHistory } from './history-export'
import type { HistoryRepository } from './history-repository'

type HistoryChannel = Extract<keyof Handlers, `history:${string}`>

const CSV_FILES: OfferedFilter[] = [{ id: 'csvFiles', extensions: ['csv'] }, ALL_FILES]

/** The day's date in the file name, so exports of different days do not overwrite each other. */
const exportName = (now: Date) => `history-${now.toISOString().slice(0, 10)}.csv`

export function historyHandlers(deps: {
  history: HistoryRepository
  dialogs: FileDialogs
  now?: () => Date
}): Pick<Handlers, HistoryChannel> {
  const { history, dialogs, now = () => new Date() } = deps
  return {
    'history:search': async (query) => history.search(query),
    'history:export': async ({ dialogTitle, dialogFilters, ...filter }) => {
      const file = await dialogs.chooseFileToSave({
        ...dialogWords({ dialogTitle, dialogFilters }, 'history.dialogs.export', CSV_FILES),
        defaultName: exportName(now()),
      })
      if (!file) return { kind: 'cancelled' as const }
      const rows = await exportHistory(history, filter, file)
      return { kind: 'saved' as const, fileName: basename(file), rows }
    },
  }
}
