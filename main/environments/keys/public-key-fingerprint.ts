import { createHash, createPublicKey, type KeyObject } from 'node:crypto'

/**
 * SHA-256 of the DER SubjectPublicKeyInfo as colon-separated uppercase hex, so staff and
 * support can compare keys by phone. Support reproduces it from either key file with
 * `openssl rsa -in private.pem -pubout -outform DER | openssl dgst -sha256 -c`
 * (or `openssl pkey -pubin -in public.pem -outform DER | openssl dgst -sha256 -c`).
 */
export function publicKeyFingerprint(key: KeyObject | string): string {
  const publicKey = typeof key !== 'string' && key.type === 'public' ? key : createPublicKey(key)
  const der = publicKey.export({ type: 'spki', format: 'der' })
  return createHash('sha256')
    .update(der)
    .digest('hex')
    .toUpperCase()
    .replace(/(..)(?!$)/g, '$1:')
}
