import { randomBytes } from 'node:crypto'
import { rename, rm, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { ExplainedError } from '../../../preload/contract/platform/explained'
import { english } from '../../platform/i18n/english'
import { encryptPrivateKey } from './encrypted-private-key'

/** Thrown when the backup file cannot be written; the message names the file. */
export class KeyBackupError extends ExplainedError {
  override readonly name = 'KeyBackupError'
  constructor(params: { file: string; code: string }, cause: unknown) {
    super(english('key.backup-failed', params), 'key.backup-failed', params, { cause })
  }
}

/**
 * Writes the private key as a passphrase-protected PKCS#8 PEM (AES-256-CBC, PBKDF2-HMAC-SHA256
 * with 600,000 iterations), readable by GateDesk's import and by `openssl pkey -in FILE`. The
 * file is owner-only (0600) and appears complete or not at all: a half-written backup is worse
 * than none.
 */
export async function writeEncryptedPrivateKey(
  privateKeyPem: string,
  file: string,
  passphrase: string,
): Promise<void> {
  const encrypted = await encryptPrivateKey(privateKeyPem, passphrase)
  // A fresh file, so the mode applies even when the user chose to replace an existing one.
  const partFile = join(dirname(file), `.${basename(file)}.${randomBytes(6).toString('hex')}.part`)
  try {
    await writeFile(partFile, encrypted, { mode: 0o600, flag: 'wx' })
    await rename(partFile, file)
  } catch (error) {
    await rm(partFile, { force: true })
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message
    throw new KeyBackupError({ file, code }, error)
  }
}
