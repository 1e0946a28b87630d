import { readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { cliDataDir, tempRoot } from '../platform/db/data-folders'
import { privateTempDir } from '../platform/db/private-files'

/*
 * The folder of one run of report-view or report-export, in the data folder's temp as the app
 * keeps its files: the report's UTF-8 copy and the query process's files. No wording here:
 * report-view's query process starts from this module before the message catalog loads.
 */

/** The signals that end a command at a terminal: Ctrl+C, the terminal closing, kill or timeout. */
export const ENDING_SIGNALS = ['SIGINT', 'SIGHUP', 'SIGTERM'] as const

/** A run's temp folder is named by its command and process, so that one a killed run left can be told. */
const RUN_FOLDER = /^report-(?:view|export)-(\d+)-/

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Removes the folders of earlier runs whose process is gone: one killed with SIGKILL had no
 * chance to remove its own. A run still at work keeps its folder.
 */
function removeLeftBehind(root: string): void {
  for (const name of readdirSync(root)) {
    const pid = RUN_FOLDER.exec(name)?.[1]
    if (pid !== undefined && !isRunning(Number(pid))) {
      rmSync(join(root, name), { recursive: true, force: true })
    }
  }
}

/** Where the runs' folders are: the data folder's temp. */
export const runFoldersRoot = (): string => tempRoot(cliDataDir())

/**
 * A new owner-only folder for this run in the data folder's temp, after removing what killed
 * runs left there. Throws as the file system does (report-cli-session.ts words it).
 */
export function newRunFolder(command: 'view' | 'export'): string {
  const root = runFoldersRoot()
  const folder = privateTempDir(root, `report-${command}-${process.pid}-`)
  removeLeftBehind(root)
  return folder
}
