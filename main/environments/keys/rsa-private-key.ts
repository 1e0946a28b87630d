import { createPrivateKey, type KeyObject } from 'node:crypto'
import type { MessageCode } from '../../../preload/contract/locales/explain'
import { ExplainedError, type MessageParams } from '../../../preload/contract/platform/explained'
import { english } from '../../platform/i18n/english'

/**
 * Where a key came from (an import, a file, an environment's keychain entry), for the error
 * message: its code words the `{source}` of `key.private.*`, in the window's language too.
 */
export type KeySource =
  | { sourceCode: 'key.source.import' }
  | { sourceCode: 'key.source.file'; file: string }
  | { sourceCode: 'key.source.keychain'; environment: string }

/** Thrown when a PEM cannot serve as the RSA signing key; the message says what to do. */
export class PrivateKeyError extends ExplainedError {
  declare readonly messageCode: MessageCode
  constructor(code: MessageCode, source: KeySource, params: MessageParams = {}) {
    const all = { ...source, ...params }
    super(english(code, all), code, all)
  }
}

/**
 * Parses an unencrypted PKCS#1 (`BEGIN RSA PRIVATE KEY`) or PKCS#8 (`BEGIN PRIVATE KEY`) PEM.
 * `source` names where the key came from for the error message.
 */
export function loadRsaPrivateKey(pem: string, source: KeySource): KeyObject {
  const label = /-----BEGIN ([A-Z0-9 ]+)-----/.exec(pem)?.[1]
  if (!label) throw new PrivateKeyError('key.private.not-pem', source)
  if (label.includes('PUBLIC KEY') || label === 'CERTIFICATE') {
    throw new PrivateKeyError('key.private.not-private', source, { label: label.toLowerCase() })
  }
  if (label === 'ENCRYPTED PRIVATE KEY' || /Proc-Type: 4,ENCRYPTED/.test(pem)) {
    throw new PrivateKeyError('key.private.encrypted', source)
  }
  let key: KeyObject
  try {
    key = createPrivateKey({ key: pem, format: 'pem' })
  } catch (error) {
    throw new PrivateKeyError('key.private.unreadable', source, {
      reason: (error as Error).message,
    })
  }
  if (key.asymmetricKeyType !== 'rsa') {
    throw new PrivateKeyError('key.private.not-rsa', source, {
      type: key.asymmetricKeyType ?? 'non-RSA',
    })
  }
  return key
}
