import type { BrowserWindow, Dialog } from 'electron'
import type { MessageSchema } from '../../../preload/contract/locales/en'
import type { DialogFilterId, DialogText } from '../../../preload/contract/platform/dialog-title'
import type { MessageParams } from '../../../preload/contract/platform/explained'
import { catalogWording } from '../i18n/catalog-wording'

export interface FileFilter {
  name: string
  extensions: string[]
}

/** A file-type filter a dialog offers: which one, so the window can name it, and its extensions. */
export interface OfferedFilter {
  id: DialogFilterId
  extensions: string[]
}

export const ALL_FILES: OfferedFilter = { id: 'allFiles', extensions: ['*'] }

/** A native dialog's title in the catalog: <screen>.dialogs.<name> ("reports.dialogs.open"). */
export type DialogTitleKey = {
  [Screen in keyof MessageSchema]: MessageSchema[Screen] extends { dialogs: infer Titles }
    ? `${Screen}.dialogs.${keyof Titles & string}`
    : never
}[keyof MessageSchema]

/**
 * A dialog's title and filters as the window words them; in the catalog's English where it did
 * not (a filter it left unnamed, a caller that sent no words).
 */
export function dialogWords(
  wording: DialogText,
  titleKey: DialogTitleKey,
  filters: readonly OfferedFilter[],
  params: MessageParams = {},
) {
  const english = catalogWording('en')
  return {
    title: wording.dialogTitle ?? english.t(titleKey, params),
    filters: filters.map(({ id, extensions }) => ({
      name: wording.dialogFilters?.[id] ?? english.t(`common.dialogFilters.${id}`, {}),
      extensions,
    })),
  }
}

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
