import { createPrivateKey, type KeyObject } from 'node:crypto'

/** Thrown when a PEM cannot serve as the RSA signing key; the message says what to do. */
export class PrivateKeyError extends Error {}

/**
 * Parses an unencrypted PKCS#1 (`BEGIN RSA PRIVATE KEY`) or PKCS#8 (`BEGIN PRIVATE KEY`) PEM.
 * `source` names where the key came from (a file, a keychain entry) for the error message.
 */
export function loadRsaPrivateKey(pem: string, source: string): KeyObject {
  const label = /-----BEGIN ([A-Z0-9 ]+)-----/.exec(pem)?.[1]
  if (!label) {
    throw new PrivateKeyError(
      `${source} is not a PEM key: expected a "-----BEGIN RSA PRIVATE KEY-----" or "-----BEGIN PRIVATE KEY-----" block`,
    )
  }
  if (label.includes('PUBLIC KEY') || label === 'CERTIFICATE') {
    throw new PrivateKeyError(
      `${source} holds a ${label.toLowerCase()}, but signing needs the private key (the public key is the one sent to support)`,
    )
  }
  if (label === 'ENCRYPTED PRIVATE KEY' || /Proc-Type: 4,ENCRYPTED/.test(pem)) {
    throw new PrivateKeyError(
      `${source} is protected by a passphrase; import it into GateDesk (which asks for the passphrase) or decrypt it with "openssl rsa -in KEY -out KEY.pem"`,
    )
  }
  let key: KeyObject
  try {
    key = createPrivateKey({ key: pem, format: 'pem' })
  } catch (error) {
    throw new PrivateKeyError(
      `${source} could not be read as a private key (${(error as Error).message}); check that the whole PEM block was copied`,
    )
  }
  if (key.asymmetricKeyType !== 'rsa') {
    throw new PrivateKeyError(
      `${source} is a ${key.asymmetricKeyType ?? 'non-RSA'} key, but RSA-SHA256 needs an RSA private key`,
    )
  }
  return key
}
