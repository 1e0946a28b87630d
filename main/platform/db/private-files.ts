import {
  chmodSync,
  closeSync,
  constants,
  mkdirSync,
  mkdtempSync,
  openSync,
  writeFileSync,
} from 'node:fs'
import { open, type FileHandle } from 'node:fs/promises'
import { dirname, join } from 'node:path'

// History holds payers' names, addresses, phones and birthdays: GateDesk's data folder and files
// are the user's alone. Ones an earlier version left readable by others are tightened too.
const PRIVATE_DIR_MODE = 0o700
const PRIVATE_FILE_MODE = 0o600

/**
 * A file GateDesk makes for itself is always a new one: never a file that is already there, nor
 * written through a symlink someone planted where it goes (Windows has no O_NOFOLLOW; O_EXCL
 * alone refuses a link there too).
 */
const NEW_FILE_FLAGS =
  constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0)

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

/**
 * A new folder of its own in `root` (made owner-only first), named `prefix` and random
 * characters: no one can make it first, as they could a name known in advance. mkdtemp makes it
 * owner-only.
 */
export function privateTempDir(root: string, prefix: string): string {
  privateDir(root)
  return mkdtempSync(join(root, prefix))
}

/** Creates `file` new and owner-only for writing (see NEW_FILE_FLAGS): its descriptor. */
export function createPrivateFileSync(file: string): number {
  return openSync(file, NEW_FILE_FLAGS, PRIVATE_FILE_MODE)
}

/** Creates `file` new and owner-only for writing (see NEW_FILE_FLAGS). */
export function createPrivateFile(file: string): Promise<FileHandle> {
  return open(file, NEW_FILE_FLAGS, PRIVATE_FILE_MODE)
}

/** Writes `data` to `file`, which it creates new and owner-only (see NEW_FILE_FLAGS). */
export function writeNewPrivateFileSync(file: string, data: NodeJS.ArrayBufferView): void {
  const fd = createPrivateFileSync(file)
  try {
    writeFileSync(fd, data)
  } finally {
    closeSync(fd)
  }
}
