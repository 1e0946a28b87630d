import { createPublicKey, type KeyObject } from 'node:crypto'
import { publicKeyFingerprint } from './public-key-fingerprint'

/** An RSA key pair as GateDesk keeps it: the private key goes to the keychain, the rest is public. */
export interface RsaKeyPair {
  /** Unencrypted PKCS#1 PEM ("-----BEGIN RSA PRIVATE KEY-----"), the format spec §5.4 names. */
  privateKeyPem: string
  /** SubjectPublicKeyInfo PEM ("-----BEGIN PUBLIC KEY-----"), as `openssl rsa -pubout` writes it. */
  publicKeyPem: string
  fingerprint: string
  bits: number
}

export function keyPairOf(privateKey: KeyObject): RsaKeyPair {
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs1', format: 'pem' }) as string,
    publicKeyPem: createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }) as string,
    fingerprint: publicKeyFingerprint(privateKey),
    bits: privateKey.asymmetricKeyDetails?.modulusLength ?? 0,
  }
}
