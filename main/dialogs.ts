import type { BrowserWindow, Dialog } from 'electron'

export interface FileFilter {
  name: string
  extensions: string[]
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
