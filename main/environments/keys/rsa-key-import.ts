import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto'
import type { MessageCode } from '../../../preload/contract/locales/explain'
import { ExplainedError, type MessageParams } from '../../../preload/contract/platform/explained'
import { english } from '../../platform/i18n/english'
import { loadRsaPrivateKey, PrivateKeyError } from './rsa-private-key'
import { publicKeyFingerprint } from './public-key-fingerprint'
import { keyPairOf, type RsaKeyPair } from './rsa-key-pair'

export const MIN_RSA_BITS = 2048
/** Spec §5.4: the gateway's request builders accept RSA keys up to 4096 bits. */
export const MAX_RSA_BITS = 4096

/**
 * passphrase-required: ask for the passphrase and try again. The other reasons are final for
 * this input; the message says what to do.
 */
export type KeyImportProblem =
  'passphrase-required' | 'wrong-passphrase' | 'invalid-key' | 'key-size' | 'public-key-mismatch'

export class KeyImportError extends ExplainedError {
  override readonly name = 'KeyImportError'
  constructor(
    readonly problem: KeyImportProblem,
    code: MessageCode,
    params: MessageParams = {},
  ) {
    super(english(code, params), code, params)
  }
}

function isEncrypted(pem: string): boolean {
  return pem.includes('-----BEGIN ENCRYPTED PRIVATE KEY-----') || /Proc-Type: 4,ENCRYPTED/.test(pem)
}

/** Opens a passphrase-protected PKCS#8 or legacy OpenSSL PKCS#1 PEM. */
function decrypt(pem: string, passphrase: string | undefined): KeyObject {
  if (!passphrase) {
    throw new KeyImportError('passphrase-required', 'key.import.passphrase-required')
  }
  let key: KeyObject
  try {
    key = createPrivateKey({ key: pem, format: 'pem', passphrase })
  } catch {
    // OpenSSL cannot tell a wrong passphrase from a damaged key; the passphrase is the usual cause.
    throw new KeyImportError('wrong-passphrase', 'key.import.wrong-passphrase')
  }
  // Checked as an unencrypted PEM, so the same rules and messages apply to both.
  return readPlain(key.export({ type: 'pkcs8', format: 'pem' }) as string)
}

function readPlain(pem: string): KeyObject {
  try {
    return loadRsaPrivateKey(pem, { sourceCode: 'key.source.import' })
  } catch (error) {
    if (error instanceof PrivateKeyError) {
      throw new KeyImportError('invalid-key', error.messageCode, error.params)
    }
    throw error
  }
}

function checkSize(key: KeyObject): void {
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0
  if (bits < MIN_RSA_BITS) {
    throw new KeyImportError('key-size', 'key.import.too-small', { bits, min: MIN_RSA_BITS })
  }
  if (bits > MAX_RSA_BITS) {
    throw new KeyImportError('key-size', 'key.import.too-large', { bits, max: MAX_RSA_BITS })
  }
}

function readPublicKey(pem: string): KeyObject {
  if (/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(pem)) {
    throw new KeyImportError('invalid-key', 'key.import.public-is-private')
  }
  try {
    return createPublicKey({ key: pem, format: 'pem' })
  } catch {
    throw new KeyImportError('invalid-key', 'key.import.public-not-pem')
  }
}

/**
 * Reads an RSA private key to import: PKCS#1 or PKCS#8 PEM, plain or passphrase-protected.
 * When `publicKeyPem` is given (the key support already has), it must belong to this private key.
 */
export function importRsaPrivateKey(input: {
  privateKeyPem: string
  passphrase?: string
  publicKeyPem?: string
}): RsaKeyPair {
  const { privateKeyPem, passphrase, publicKeyPem } = input
  const key = isEncrypted(privateKeyPem)
    ? decrypt(privateKeyPem, passphrase)
    : readPlain(privateKeyPem)
  checkSize(key)
  const pair = keyPairOf(key)
  if (publicKeyPem?.trim()) {
    const expected = publicKeyFingerprint(readPublicKey(publicKeyPem))
    if (expected !== pair.fingerprint) {
      throw new KeyImportError('public-key-mismatch', 'key.import.mismatch', {
        publicFingerprint: expected,
        privateFingerprint: pair.fingerprint,
      })
    }
  }
  return pair
}
