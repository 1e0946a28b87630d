import { createPrivateKey } from 'node:crypto'
import { explainedError } from '../../platform/i18n/english'
import { exitParams, type ProcessLauncher } from '../../platform/workers/process-channel'
import type { ScriptRef } from '../../platform/workers/script-ref'
import { keyPairOf, type RsaKeyPair } from './rsa-key-pair'
import type { KeyGenerationAnswer, KeyGenerationAsk } from './rsa-key-generation.process'

/** Makes an RSA key pair of `bits`; rejects with the signal's reason once it aborts. */
export type RsaKeyPairGenerator = (bits: number, signal: AbortSignal) => Promise<RsaKeyPair>

/**
 * Generates each key pair in a process of its own (rsa-key-generation.process.ts), killed on
 * abort: native generation cannot be stopped any other way, and a cancelled 4096-bit key would
 * otherwise keep a core busy for seconds after the window said it stopped.
 */
export function rsaKeyGenerationInProcess(
  launch: ProcessLauncher,
  script: ScriptRef,
): RsaKeyPairGenerator {
  return (bits, signal) =>
    new Promise<RsaKeyPair>((resolve, reject) => {
      signal.throwIfAborted()
      const child = launch(script, [])
      let settled = false
      const settle = (outcome: () => void) => {
        if (settled) return
        settled = true
        signal.removeEventListener('abort', onAbort)
        outcome()
      }
      const onAbort = () =>
        settle(() => {
          child.kill()
          reject(signal.reason)
        })
      signal.addEventListener('abort', onAbort, { once: true })
      child.onMessage((message) => {
        const answer = message as KeyGenerationAnswer
        settle(() => {
          child.kill()
          if ('failure' in answer) {
            reject(explainedError('key.generator-failed', { reason: answer.failure }))
          } else {
            resolve(keyPairOf(createPrivateKey(answer.privateKeyPem)))
          }
        })
      })
      child.onExit((exit) =>
        settle(() => reject(explainedError('key.generator-failed', exitParams(exit)))),
      )
      const ask: KeyGenerationAsk = { bits }
      child.send(ask)
    })
}
