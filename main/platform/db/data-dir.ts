import { join } from 'node:path'
import { explainedError } from '../i18n/english'

import { DATA_DIR_VARIABLE } from './data-folders'

export { appDataDir, cliDataDir, DATA_DIR_VARIABLE, tempRoot } from './data-folders'
export const DATABASE_FILE_NAME = 'gatedesk.sqlite'

/**
 * The database file: in $GATEDESK_DATA_DIR when set, else in `userDataDir` (the app passes
 * Electron's user-data folder; the CLI has none of its own).
 */
export function databaseFile(
  userDataDir: string | undefined,
  env: Record<string, string | undefined> = process.env,
): string {
  const dir = env[DATA_DIR_VARIABLE] || userDataDir
  if (!dir) {
    throw explainedError('startup.no-data-dir', {
      variable: DATA_DIR_VARIABLE,
      file: DATABASE_FILE_NAME,
    })
  }
  return join(dir, DATABASE_FILE_NAME)
}
