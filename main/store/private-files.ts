import { chmodSync, closeSync, mkdirSync, openSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

// History holds payers' names, addresses, phones and birthdays: GateDesk's data folder and files
// are the user's alone. Ones an earlier version left readable by others are tightened too.
const PRIVATE_DIR_MODE = 0o700
const PRIVATE_FILE_MODE = 0o600

/** Creates the folder (and any missing parent) owner-only, or makes an existing one so. */
export function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
  chmodSync(dir, PRIVATE_DIR_MODE)
}

/** Creates the file empty and owner-only, or makes an existing one owner-only. */
export function privateFile(file: string): void {
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE))
  chmodSync(file, PRIVATE_FILE_MODE)
}

/** Writes the whole file, owner-only, in an owner-only folder. */
export function writePrivateFile(file: string, content: string): void {
  privateDir(dirname(file))
  writeFileSync(file, content, { mode: PRIVATE_FILE_MODE })
  chmodSync(file, PRIVATE_FILE_MODE)
}
