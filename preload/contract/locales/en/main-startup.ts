/**
 * What keeps GateDesk (the app, the command line) from starting: its database
 * (main/platform/db) and native modules (main/app/startup-failure.ts), keyed by their code under
 * `startup.`. The app words them in the system's language: no window exists yet to choose one.
 */
export const mainStartup = {
  /** The title of the dialog that says why. */
  'cannot-start': 'GateDesk cannot start',
  'native-modules':
    'GateDesk\'s native modules (keytar, better-sqlite3) were built for another runtime than this Electron. Start GateDesk with "npm start", which rebuilds them for Electron, or run "node scripts/ensure-native.mjs electron".',
  'no-data-dir':
    'GateDesk does not know where its database is: set {variable} to the folder that holds (or should hold) {file}.',
  /** The database file cannot be used as it is; GateDesk left it exactly as it was found. */
  database: {
    unopenable:
      'The database {file} cannot be opened ({reason}). Check that the folder exists and that you may write there, or point {variable} at another folder.',
    damaged:
      'The database {file} is damaged ({reason}). GateDesk did not change it. Restore it from a backup, or move it aside (keep it for support) and restart GateDesk to begin with an empty database.',
    'not-a-database':
      'The database {file} is damaged or not a database ({reason}). GateDesk did not change it. Restore it from a backup, or move it aside (keep it for support) and restart GateDesk to begin with an empty database.',
    'newer-version':
      'The database {file} was written by a newer GateDesk (schema version {found}; this GateDesk knows up to {known}). GateDesk did not change it. Update GateDesk to the newest version, or point {variable} at another folder.',
    foreign:
      'The database {file} is a SQLite database of another application. GateDesk did not change it. Move the file away, or point {variable} at another folder.',
  },
}
