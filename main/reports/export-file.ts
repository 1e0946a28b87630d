import { constants } from 'node:fs'
import { open, rename, rm } from 'node:fs/promises'

/**
 * Writes `target` through `<target>.part`, renamed over it only when complete, so a failed or
 * cancelled export never leaves half a file, nor touches a file already there.
 */
export async function writeAtomically(target: string, write: (part: string) => Promise<void>) {
  const part = `${target}.part`
  await rm(part, { force: true })
  try {
    await write(part)
    await rename(part, target)
  } catch (error) {
    await rm(part, { force: true })
    throw error
  }
}

/** A write stream that refuses to follow a symlink planted at the `.part` path. */
export async function exclusiveStream(part: string) {
  const handle = await open(
    part,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
    0o600,
  )
  return handle.createWriteStream()
}
