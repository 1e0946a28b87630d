import { homedir } from 'node:os'
import { join } from 'node:path'

/*
 * Where GateDesk keeps its files. Apart from data-dir.ts's database file, whose error has words:
 * the command line makes a run's folder here before the message catalog loads.
 */

/** Points GateDesk at another data folder: for tests, the CLI, or a second set of data. */
export const DATA_DIR_VARIABLE = 'GATEDESK_DATA_DIR'

/**
 * The desktop app's own data folder (Electron's user-data folder of GateDesk), where the
 * command line keeps the history it shares with the app and the sandbox's default state.
 */
export function appDataDir(
  env: Record<string, string | undefined> = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  const base =
    platform === 'win32'
      ? (env['APPDATA'] ?? join(homedir(), 'AppData', 'Roaming'))
      : platform === 'darwin'
        ? join(homedir(), 'Library', 'Application Support')
        : (env['XDG_CONFIG_HOME'] ?? join(homedir(), '.config'))
  return join(base, 'GateDesk')
}

/**
 * The folder, in the data folder `dataDir`, of the files GateDesk keeps only while it works on a
 * report (UTF-8 copies, the query process's files): owner-only, each use in a folder of its own
 * (privateTempDir), never the shared OS temp folder, where anyone may make a name first.
 */
export function tempRoot(dataDir: string): string {
  return join(dataDir, 'temp')
}

/** The data folder of the command line: $GATEDESK_DATA_DIR when set, else the app's own. */
export function cliDataDir(env: Record<string, string | undefined> = process.env): string {
  return env[DATA_DIR_VARIABLE] || appDataDir(env)
}
