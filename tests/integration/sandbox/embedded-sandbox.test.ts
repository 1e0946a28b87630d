import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runReport } from '../../../main/platform/gateway/custom-report'
import { SPEC_PATHS } from '../../../main/platform/gateway/environment'
import { httpsPost, httpsPostToFile } from '../../../main/platform/gateway/https-transport'
import { randomNonce } from '../../../main/platform/gateway/oauth1'
import {
  createEmbeddedSandbox,
  type EmbeddedSandbox,
} from '../../../main/sandbox/process/embedded-sandbox'
import type { StartedSandbox } from '../../../main/sandbox/process/sandbox-process-messages'
import { forkLauncher } from '../../../main/platform/workers/fork-launcher'
import type { ProcessChannel, ProcessExit } from '../../../main/platform/workers/process-channel'
import { sourceScript, type ScriptRef } from '../../../main/platform/workers/script-ref'
import { reportRequest } from '../../fixtures/sandbox'

// The app's built-in sandbox, in a process of its own, forked under tsx as tests start it.

const dir = mkdtempSync(join(tmpdir(), 'gatedesk-embedded-'))
const processes: ProcessChannel[] = []
const starts: StartedSandbox[] = []
const errors: unknown[] = []
let sandbox: EmbeddedSandbox

function exitOf(channel: ProcessChannel): Promise<ProcessExit> {
  return new Promise((resolve) => channel.onExit(resolve))
}

beforeAll(() => {
  sandbox = createEmbeddedSandbox({
    launch: (script, args) => {
      const channel = forkLauncher(script, args)
      processes.push(channel)
      return channel
    },
    script: sourceScript('sandbox-process'),
    stateDir: join(dir, 'sandbox'),
    faults: true,
    onStarted: async (started) => void starts.push(started),
    logError: (_message, error) => errors.push(error),
  })
})
afterAll(async () => {
  await sandbox.stop()
  rmSync(dir, { recursive: true, force: true })
})

describe('the embedded sandbox', () => {
  it('runs in a process of its own and serves the gateway API from there', async () => {
    const started = await sandbox.start()
    expect(processes).toHaveLength(1)
    expect(processes[0]!.pid).not.toBe(process.pid)
    expect(starts).toEqual([started])

    const controlKey = readFileSync(started.connection.controlKeyFile, 'utf8').trim()
    const result = await runReport(
      { httpsPost, httpsPostToFile, now: Date.now, nonce: randomNonce },
      {
        baseUrl: started.baseUrl,
        endpointId: started.connection.endpointId,
        merchantLogin: started.connection.merchantLogin,
        ...SPEC_PATHS,
        oauthInBody: true,
        extraCaPem: readFileSync(started.connection.caCertFile, 'utf8'),
      },
      { controlKey: async () => controlKey, rsaPrivateKey: () => Promise.reject(new Error()) },
      reportRequest(),
      { file: join(dir, 'report.csv') },
    )
    expect(result).toMatchObject({ outcome: 'report', kind: 'csv' })
  })

  it("answers the Sandbox page's calls across the boundary, errors in words", async () => {
    const overview = await sandbox.page.overview()
    expect(overview.baseUrl).toBe(starts[0]!.baseUrl)
    expect(overview.profiles.map((profile) => profile.type)).toContain('DST')

    const faulted = await sandbox.page.injectFault('internal-error', 2)
    expect(faulted.pendingFaults).toEqual(['internal-error', 'internal-error'])
    expect((await sandbox.page.clearFaults()).pendingFaults).toEqual([])

    const advanced = await sandbox.page.advance(3)
    expect(advanced.moved).toMatchObject({
      from: overview.simulatedDate,
      to: advanced.overview.simulatedDate,
    })
    expect(advanced.overview.simulatedDate).not.toBe(overview.simulatedDate)
    await expect(sandbox.page.advance(0)).rejects.toThrow(
      'Advance by a whole number of days from 1 to 3660, not 0',
    )
  })

  it('survives a crash of its process: the call in flight fails, the next starts it again', async () => {
    const crashed = processes.at(-1)!
    const exited = exitOf(crashed)
    // Ten years of daily charges take a moment: long enough to die in the middle.
    const inFlight = sandbox.page.advance(3660)
    process.kill(crashed.pid!, 'SIGKILL')
    expect(await exited).toEqual({ signal: 'SIGKILL' })
    await expect(inFlight).rejects.toThrow(
      'The built-in sandbox stopped unexpectedly (killed by SIGKILL)',
    )

    const overview = await sandbox.page.overview()
    expect(processes).toHaveLength(2)
    expect(processes[1]!.pid).not.toBe(crashed.pid)
    // Same state dir, same port: the Sandbox environment's address stays right.
    expect(overview.baseUrl).toBe(starts[0]!.baseUrl)
    expect(starts).toHaveLength(2)
    expect(errors).toEqual([])
  })

  it('stops its process for good when the app closes', async () => {
    const last = processes.at(-1)!
    const exited = exitOf(last)
    await sandbox.stop()
    expect(await exited).toEqual({ exitCode: 0 })
    await expect(sandbox.page.overview()).rejects.toThrow('GateDesk is closing')
    expect(processes).toHaveLength(2)
  })
})

describe('a sandbox process that hangs', () => {
  /** A process that takes messages and never answers them; it ends when killed. */
  function hangingScript(name: string, started: boolean): ScriptRef {
    const file = join(dir, `${name}.mjs`)
    const hello = started
      ? `process.send({ type: 'started', baseUrl: 'https://127.0.0.1:1', connection: {} })\n`
      : ''
    writeFileSync(file, `${hello}process.on('message', () => {})\n`)
    return { file, execArgv: [] }
  }

  /** A sandbox whose process hangs; a start that must succeed gets time enough on a busy machine. */
  function hanging(script: ScriptRef, startTimeoutMs = 300) {
    const launched: ProcessChannel[] = []
    const embedded = createEmbeddedSandbox({
      launch: (ref, args) => {
        const channel = forkLauncher(ref, args)
        launched.push(channel)
        return channel
      },
      script,
      stateDir: join(dir, 'unused'),
      faults: false,
      onStarted: async () => undefined,
      logError: () => undefined,
      startTimeoutMs,
      callTimeoutMs: 300,
    })
    return { embedded, launched }
  }

  it('is ended when it does not start listening in time, and the start fails in words', async () => {
    const { embedded, launched } = hanging(hangingScript('silent', false))
    const starting = embedded.start()
    await expect(starting).rejects.toThrow(
      'The built-in sandbox could not start: it did not start listening within 300 ms.',
    )
    expect(await exitOf(launched[0]!)).toHaveProperty('signal', expect.stringMatching(/^SIG/))
    await embedded.stop()
  })

  it('is ended when a call is not answered in time, and the next call starts a new one', async () => {
    const { embedded, launched } = hanging(hangingScript('deaf', true), 30_000)
    await expect(embedded.page.overview()).rejects.toThrow(
      'The built-in sandbox did not answer within 300 ms',
    )
    expect(await exitOf(launched[0]!)).toHaveProperty('signal', expect.stringMatching(/^SIG/))
    await expect(embedded.page.overview()).rejects.toThrow('did not answer')
    expect(launched).toHaveLength(2)
    await embedded.stop()
  })
})
