import { readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { tempRoot } from './data-dir'
import { privateDir, privateTempDir } from './private-files'

/** The app's session folders in the data folder's temp; the command line's are named otherwise. */
const APP_SESSION_PREFIX = 'app-'

/**
 * A new owner-only folder for this app session's temp files (reports' UTF-8 copies, the query
 * process's files), after removing what earlier sessions left there: a crash or a kill ends a
 * session without its cleanup. Only one app runs at a time (its single-instance lock), so no
 * earlier session's folder is in use; a command line's are left alone.
 */
export async function startSessionTemp(dataDir: string): Promise<string> {
  const root = tempRoot(dataDir)
  privateDir(root)
  const earlier = (await readdir(root)).filter((name) => name.startsWith(APP_SESSION_PREFIX))
  await Promise.all(earlier.map((name) => rm(join(root, name), { recursive: true, force: true })))
  return privateTempDir(root, APP_SESSION_PREFIX)
}
