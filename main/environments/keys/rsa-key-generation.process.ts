// Generates one RSA key pair in a process of its own, so that Cancel ends the work: node:crypto's
// generator runs native code that no signal reaches, in this process or a thread of it. Loads no
// catalog: the parent words any failure.
import { generateKeyPair } from 'node:crypto'
import { connectToParent } from '../../platform/workers/parent-link'

/** What the parent asks for. */
export interface KeyGenerationAsk {
  bits: number
}

/** What the parent hears: the private key as PKCS#8 PEM, or the generator's own error text. */
export type KeyGenerationAnswer = { privateKeyPem: string } | { failure: string }

const parent = connectToParent(process)
parent.onMessage((message) => {
  const { bits } = message as KeyGenerationAsk
  generateKeyPair(
    'rsa',
    {
      modulusLength: bits,
      publicExponent: 0x10001,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    },
    (error, _publicKeyPem, privateKeyPem) => {
      const answer: KeyGenerationAnswer = error ? { failure: error.message } : { privateKeyPem }
      parent.send(answer)
    },
  )
})
