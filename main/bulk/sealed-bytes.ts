import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

/** AES-256-GCM: an authenticated cipher, so a changed or damaged byte fails to open. */
const ALGORITHM = 'aes-256-gcm'
export const SEAL_KEY_BYTES = 32
const IV_BYTES = 12
const TAG_BYTES = 16

/** A fresh random 256-bit key. */
export const newSealKey = (): Buffer => randomBytes(SEAL_KEY_BYTES)

/**
 * Encrypts `plain` as IV, tag, ciphertext. `context` (what the bytes are, e.g. a table's id and a
 * row number) is authenticated too, so sealed bytes moved to another place do not open there.
 */
export function seal(key: Uint8Array, plain: Uint8Array, context: string): Buffer {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES })
  cipher.setAAD(Buffer.from(context))
  const body = Buffer.concat([cipher.update(plain), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), body])
}

/** Decrypts what `seal` made with this key and context; null when it is damaged or not theirs. */
export function unseal(key: Uint8Array, sealed: Uint8Array, context: string): Buffer | null {
  if (sealed.length < IV_BYTES + TAG_BYTES) return null
  const bytes = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.length)
  try {
    const decipher = createDecipheriv(ALGORITHM, key, bytes.subarray(0, IV_BYTES), {
      authTagLength: TAG_BYTES,
    })
    decipher.setAAD(Buffer.from(context))
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()])
  } catch {
    return null
  }
}
