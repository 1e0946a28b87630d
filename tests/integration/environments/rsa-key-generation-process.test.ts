// Key generation runs in a process of its own so that Cancel ends it: native generation cannot
// be stopped inside a process, only the process can.
import { describe, expect, it, vi } from 'vitest'
import { rsaKeyGenerationInProcess } from '../../../main/environments/keys/rsa-key-generation-process'
import { forkLauncher } from '../../../main/platform/workers/fork-launcher'
import type { ProcessExit, ProcessLauncher } from '../../../main/platform/workers/process-channel'
import { sourceScript } from '../../../main/platform/workers/script-ref'

/** The fork launcher, telling the test how each child it started answered and ended. */
function watchedLauncher() {
  const children: { answered: boolean; exit: ProcessExit | null }[] = []
  const launch: ProcessLauncher = (script, args) => {
    const channel = forkLauncher(script, args)
    const child = { answered: false, exit: null as ProcessExit | null }
    children.push(child)
    channel.onMessage(() => (child.answered = true))
    channel.onExit((exit) => (child.exit = exit))
    return channel
  }
  return { launch, children }
}

const script = sourceScript('rsa-key-generation-process')

describe('RSA key generation in a process of its own', () => {
  it('makes a key pair of the size asked, and the process ends', async () => {
    const { launch, children } = watchedLauncher()
    const pair = await rsaKeyGenerationInProcess(launch, script)(2048, new AbortController().signal)
    expect(pair.bits).toBe(2048)
    expect(pair.privateKeyPem).toContain('PRIVATE KEY')
    await vi.waitFor(() => expect(children[0]?.exit).not.toBeNull(), { timeout: 10_000 })
  })

  it('ends the process on Cancel, before it answers', async () => {
    const { launch, children } = watchedLauncher()
    const cancel = new AbortController()
    // 8192 bits: long enough that the cancel comes first, even on a fast machine.
    const generating = rsaKeyGenerationInProcess(launch, script)(8192, cancel.signal)
    cancel.abort()
    await expect(generating).rejects.toMatchObject({ name: 'AbortError' })
    await vi.waitFor(() => expect(children[0]?.exit).toMatchObject({ signal: 'SIGTERM' }), {
      timeout: 10_000,
    })
    expect(children[0]?.answered).toBe(false)
  })
})
