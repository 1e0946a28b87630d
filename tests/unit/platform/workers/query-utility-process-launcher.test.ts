import { EventEmitter } from 'node:events'
import type { utilityProcess } from 'electron'
import { describe, expect, it, vi } from 'vitest'
import type { ProcessExit } from '../../../../main/platform/workers/process-channel'
import { utilityProcessLauncher } from '../../../../main/platform/workers/utility-process-launcher'

/** A stand-in for Electron's utilityProcess, recording how the app forks it. */
function fakeUtilityProcess() {
  const child = Object.assign(new EventEmitter(), {
    postMessage: vi.fn(),
    kill: vi.fn(() => true),
    pid: 777,
  })
  const fork = vi.fn(() => child)
  return { module: { fork } as unknown as Pick<typeof utilityProcess, 'fork'>, fork, child }
}

describe('the utility process launcher', () => {
  it('forks the script as a named service with its arguments', () => {
    const { module, fork } = fakeUtilityProcess()
    const launch = utilityProcessLauncher(module)
    const channel = launch(
      {
        file: '/app/out/main/query-process.js',
        execArgv: [],
        process: { title: 'GateDesk query process', heapLimitMb: 512 },
      },
      ['--threads=2'],
    )
    expect(fork).toHaveBeenCalledWith('/app/out/main/query-process.js', ['--threads=2'], {
      serviceName: 'GateDesk query process',
      execArgv: [],
    })
    expect(channel.pid).toBe(777)
  })

  it('carries messages both ways, and tells when the process ends', () => {
    const { module, child } = fakeUtilityProcess()
    const channel = utilityProcessLauncher(module)({ file: 'q.js', execArgv: [] }, [])
    const received: unknown[] = []
    const exits: ProcessExit[] = []
    channel.onMessage((message) => received.push(message))
    channel.onExit((exit) => exits.push(exit))
    const rowIds = Uint32Array.of(1, 2)
    channel.send({ type: 'cancel', id: 3 })
    child.emit('message', { id: 3, ok: true, result: { kind: 'rows', rowIds } })
    child.emit('exit', 134)
    expect(child.postMessage).toHaveBeenCalledWith({ type: 'cancel', id: 3 })
    expect(received).toEqual([{ id: 3, ok: true, result: { kind: 'rows', rowIds } }])
    expect(exits).toEqual([{ exitCode: 134 }])
    channel.kill()
    expect(child.kill).toHaveBeenCalled()
  })
})
