const ABI_MISMATCH =
  /NODE_MODULE_VERSION|compiled against a different Node\.js version|invalid ELF header|not a valid Win32 application|incompatible architecture/

/** A start-up failure in words for a dialog: a native-module mismatch gets its remedy. */
export function describeStartupFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  if (ABI_MISMATCH.test(message)) {
    return 'GateDesk\'s native modules (keytar, better-sqlite3) were built for another runtime than this Electron. Start GateDesk with "npm start", which rebuilds them for Electron, or run "node scripts/ensure-native.mjs electron".'
  }
  return message
}
