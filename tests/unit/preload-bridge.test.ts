import { describe, expect, it, vi } from 'vitest'
import { createBridge, type IpcRendererLike } from '../../preload/bridge'

function fakeIpc() {
  const listeners = new Map<string, Set<(event: unknown, payload: unknown) => void>>()
  const ipc: IpcRendererLike = {
    invoke: vi.fn(async () => ({ ok: true, value: { version: '1', platform: 'linux' } })),
    on: (channel, listener) =>
      listeners.set(channel, (listeners.get(channel) ?? new Set()).add(listener)),
    removeListener: (channel, listener) => listeners.get(channel)?.delete(listener),
  }
  const emit = (channel: string, payload: unknown) =>
    listeners
      .get(channel)
      ?.forEach((listener) => listener({ sender: 'electron internals' }, payload))
  return { ipc, emit }
}

describe('window.gatedesk', () => {
  it('forwards contract channels to main', async () => {
    const { ipc } = fakeIpc()
    const bridge = createBridge(ipc)
    expect(await bridge.invoke('app:info')).toEqual({
      ok: true,
      value: { version: '1', platform: 'linux' },
    })
    expect(ipc.invoke).toHaveBeenCalledWith('app:info', undefined)
  })

  it('refuses a channel outside the contract without reaching main', async () => {
    const { ipc } = fakeIpc()
    const bridge = createBridge(ipc) as unknown as { invoke: (c: string) => Promise<unknown> }
    expect(await bridge.invoke('secrets:dump')).toMatchObject({
      ok: false,
      error: { code: 'unknown-channel' },
    })
    expect(ipc.invoke).not.toHaveBeenCalled()
  })

  it('hands listeners the payload only, and unsubscribes', () => {
    const { ipc, emit } = fakeIpc()
    const bridge = createBridge(ipc)
    const listener = vi.fn()
    const off = bridge.on('app:notice', listener)
    emit('app:notice', { level: 'info', message: 'hi' })
    off()
    emit('app:notice', { level: 'info', message: 'again' })
    expect(listener.mock.calls).toEqual([[{ level: 'info', message: 'hi' }]])
  })

  it('is frozen, so page scripts cannot swap its functions', () => {
    const bridge = createBridge(fakeIpc().ipc)
    expect(Object.isFrozen(bridge)).toBe(true)
    expect(() => bridge.on('no:such-event' as never, vi.fn())).toThrow(/not a GateDesk event/)
  })
})
