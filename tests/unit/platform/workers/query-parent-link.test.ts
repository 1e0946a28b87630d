import { EventEmitter } from 'node:events'
import { describe, expect, it, vi } from 'vitest'
import {
  connectToParent,
  type ChildProcessSide,
} from '../../../../main/platform/workers/parent-link'

describe('the query process talks to its parent', () => {
  it('through parentPort in an Electron utility process', () => {
    const port = Object.assign(new EventEmitter(), { postMessage: vi.fn() })
    const child = Object.assign(new EventEmitter(), { parentPort: port, exit: vi.fn() })
    const link = connectToParent(child as unknown as ChildProcessSide)
    const received: unknown[] = []
    link.onMessage((message) => received.push(message))
    port.emit('message', { data: { type: 'cancel', id: 1 } })
    link.send({ id: 1 })
    expect(received).toEqual([{ type: 'cancel', id: 1 }])
    expect(port.postMessage).toHaveBeenCalledWith({ id: 1 })
  })

  it('through process.send under Node, leaving when the parent goes', () => {
    const send = vi.fn()
    const child = Object.assign(new EventEmitter(), { send, exit: vi.fn() })
    const link = connectToParent(child as unknown as ChildProcessSide)
    const received: unknown[] = []
    link.onMessage((message) => received.push(message))
    child.emit('message', { type: 'cancel', id: 2 })
    link.send({ id: 2 })
    expect(received).toEqual([{ type: 'cancel', id: 2 }])
    expect(send).toHaveBeenCalledWith({ id: 2 })
    expect(child.exit).not.toHaveBeenCalled()
    child.emit('disconnect')
    expect(child.exit).toHaveBeenCalledWith(0)
  })

  it('refuses to run without a parent', () => {
    const child = Object.assign(new EventEmitter(), { exit: vi.fn() })
    expect(() => connectToParent(child as unknown as ChildProcessSide)).toThrow(
      'this script runs in a process of its own, started by utilityProcess.fork or child_process.fork',
    )
  })
})
