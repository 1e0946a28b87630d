import type { BrowserWindow, Dialog } from 'electron'
import type {
  DialogFilterId,
  DialogFilterNames,
  DialogText,
} from '../../../preload/contract/platform/dialog-title'

export interface FileFilter {
  name: string
  extensions: string[]
}

/** A file-type filter a dialog offers: which one, so the window can name it, and its extensions. */
export interface OfferedFilter {
  id: DialogFilterId
  extensions: string[]
}

const ENGLISH_FILTER_NAMES: Record<DialogFilterId, string> = {
  csvFiles: 'CSV files',
  csvReports: 'CSV reports',
  reports: 'Reports (CSV, PDF)',
  pemKeys: 'PEM key',
  reportTemplates: 'Report templates (JSON)',
  allFiles: 'All files',
}

export const ALL_FILES: OfferedFilter = { id: 'allFiles', extensions: ['*'] }

/** The filters under the names the window gave (English for those it did not name). */
const namedFilters = (
  filters: readonly OfferedFilter[],
  names: DialogFilterNames = {},
): FileFilter[] =>
  filters.map(({ id, extensions }) => ({
    name: names[id] ?? ENGLISH_FILTER_NAMES[id],
    extensions,
  }))

/** A dialog's title and filters as the window words them, in main's English where it did not. */
export const dialogWords = (
  wording: DialogText,
  englishTitle: string,
  filters: readonly OfferedFilter[],
) => ({
  title: wording.dialogTitle ?? englishTitle,
  filters: namedFilters(filters, wording.dialogFilters),
})

/** Open and save dialogs, run by main so the window never names a path on its own. */
export interface FileDialogs {
  chooseFileToOpen(options: { title: string; filters: FileFilter[] }): Promise<string | null>
  chooseFileToSave(options: {
    title: string
    defaultName: string
    filters: FileFilter[]
  }): Promise<string | null>
}

export function electronFileDialogs(
  dialog: Dialog,
  window: () => BrowserWindow | null,
): FileDialogs {
  return {
    async chooseFileToOpen({ title, filters }) {
      const owner = window()
      const options = { title, filters, properties: ['openFile' as const] }
      const result = owner
        ? await dialog.showOpenDialog(owner, options)
        : await dialog.showOpenDialog(options)
      return result.canceled ? null : (result.filePaths[0] ?? null)
    },
    async chooseFileToSave({ title, defaultName, filters }) {
      const owner = window()
      const options = { title, defaultPath: defaultName, filters }
      const result = owner
        ? await dialog.showSaveDialog(owner, options)
        : await dialog.showSaveDialog(options)
      return result.canceled ? null : (result.filePath ?? null)
    },
  }
}
