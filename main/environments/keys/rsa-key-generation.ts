import crypto from 'node:crypto'
import forge from 'node-forge'
import { ExplainedError } from '../../../preload/contract/platform/explained'
import { english } from '../../platform/i18n/english'
import { keyPairOf, type RsaKeyPair } from './rsa-key-pair'

// @types/node-forge does not declare these two, which decide the generator forge takes.
const forgeInternals = forge as unknown as {
  options: { usePureJavaScript: boolean }
  util: { isNodejs: unknown }
}

/** Thrown instead of taking node-forge's pure-JS generator, which is 20× slower or worse. */
export class NativeKeyGenerationError extends ExplainedError {
  override readonly name = 'NativeKeyGenerationError'
  constructor() {
    super(english('key.no-native-generator'), 'key.no-native-generator')
  }
}

/**
 * Whether node-forge will hand generation to node:crypto's native generator. Mirrors the test in
 * node-forge's lib/rsa.js (generateKeyPair and _detectNodeCrypto): usePureJavaScript off, running
 * under Node, no custom prng, and `require('crypto').generateKeyPair` a function.
 */
export function usesNativeKeyGeneration(): boolean {
  return (
    !forgeInternals.options.usePureJavaScript &&
    Boolean(forgeInternals.util.isNodejs) &&
    // The default import is the very object forge's require('crypto') returns.
    typeof crypto.generateKeyPair === 'function'
  )
}

/** Generates an RSA key pair offline, with the native generator only. */
export async function generateRsaKeyPair(bits: number): Promise<RsaKeyPair> {
  if (!usesNativeKeyGeneration()) {
    throw new NativeKeyGenerationError()
  }
  const keys = await new Promise<forge.pki.rsa.KeyPair>((resolve, reject) => {
    forge.pki.rsa.generateKeyPair({ bits, e: 0x10001 }, (error, pair) =>
      error ? reject(error) : resolve(pair),
    )
  })
  return keyPairOf(crypto.createPrivateKey(forge.pki.privateKeyToPem(keys.privateKey)))
}
