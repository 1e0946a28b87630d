import crypto, { createPrivateKey } from 'node:crypto'
import forge from 'node-forge'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  generateRsaKeyPair,
  NativeKeyGenerationError,
  usesNativeKeyGeneration,
} from '../../../main/environments/keys/rsa-key-generation'

const forgeOptions = (forge as unknown as { options: { usePureJavaScript: boolean } }).options

afterEach(() => {
  vi.restoreAllMocks()
  forgeOptions.usePureJavaScript = false
})

describe('RSA key generation', () => {
  it("hands the work to node:crypto's native generator, never forge's pure-JS one", async () => {
    expect(usesNativeKeyGeneration()).toBe(true)
    // forge's lib/rsa.js calls require('crypto').generateKeyPair: the object imported here.
    const native = vi.spyOn(crypto, 'generateKeyPair')
    await generateRsaKeyPair(2048)
    expect(native).toHaveBeenCalledTimes(1)
    expect(native.mock.calls[0]?.[0]).toBe('rsa')
    expect(native.mock.calls[0]?.[1]).toMatchObject({
      modulusLength: 2048,
      publicExponent: 0x10001,
    })
  })

  it('refuses to generate when forge would take its pure-JS path', async () => {
    forgeOptions.usePureJavaScript = true
    expect(usesNativeKeyGeneration()).toBe(false)
    await expect(generateRsaKeyPair(2048)).rejects.toThrow(NativeKeyGenerationError)
    await expect(generateRsaKeyPair(2048)).rejects.toThrow(/refuses to use that/)
  })

  it('gives an unencrypted PKCS#1 private key, its public key and fingerprint', async () => {
    const pair = await generateRsaKeyPair(2048)
    expect(pair.privateKeyPem).toMatch(
      /^-----BEGIN RSA PRIVATE KEY-----\n[^\r]+-----END RSA PRIVATE KEY-----\n$/,
    )
    expect(pair.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----\n/)
    expect(pair.bits).toBe(2048)
    expect(pair.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/)
    const privateKey = createPrivateKey(pair.privateKeyPem)
    const signature = crypto.sign('sha256', Buffer.from('base string'), privateKey)
    expect(crypto.verify('sha256', Buffer.from('base string'), pair.publicKeyPem, signature)).toBe(
      true,
    )
  })
})
