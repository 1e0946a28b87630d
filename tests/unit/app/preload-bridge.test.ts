import { describe, expect, it, vi } from 'vitest'
import { createBridge, type IpcRendererLike } from '../../../preload/bridge'

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

/** Electron's answer for a File that is not on disk. */
const noPath = () => ''

describe('window.gatedesk', () => {
  it('forwards contract channels to main', async () => {
    const { ipc } = fakeIpc()
    const bridge = createBridge(ipc, noPath)
    expect(await bridge.invoke('app:info')).toEqual({
      ok: true,
      value: { version: '1', platform: 'linux' },
    })
    expect(ipc.invoke).toHaveBeenCalledWith('app:info', undefined)
  })

  it('refuses a channel outside the contract without reaching main', async () => {
    const { ipc } = fakeIpc()
    const bridge = createBridge(ipc, noPath) as unknown as {
      invoke: (c: string) => Promise<unknown>
    }
    expect(await bridge.invoke('secrets:dump')).toMatchObject({
      ok: false,
      error: { code: 'unknown-channel' },
    })
    expect(ipc.invoke).not.toHaveBeenCalled()
  })

  it('hands listeners the payload only, and unsubscribes', () => {
    const { ipc, emit } = fakeIpc()
    const bridge = createBridge(ipc, noPath)
    const listener = vi.fn()
    const off = bridge.on('app:notice', listener)
    emit('app:notice', { level: 'info', message: 'hi' })
    off()
    emit('app:notice', { level: 'info', message: 'again' })
    expect(listener.mock.calls).toEqual([[{ level: 'info', message: 'hi' }]])
  })

  it('is frozen, so page scripts cannot swap its functions', () => {
    const bridge = createBridge(fakeIpc().ipc, noPath)
    expect(Object.isFrozen(bridge)).toBe(true)
    expect(() => bridge.on('no:such-event' as never, vi.fn())).toThrow(/not a GateDesk event/)
  })

  it('refuses the preload-only drop channel from the page, whatever path it names', async () => {
    const { ipc } = fakeIpc()
    const bridge = createBridge(ipc, noPath) as unknown as {
      invoke: (c: string, input: unknown) => Promise<unknown>
    }
    expect(
      await bridge.invoke('reports:open-dropped', { path: '/home/me/.ssh/id_rsa' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'unknown-channel' },
    })
    expect(ipc.invoke).not.toHaveBeenCalled()
  })

  it('opens a dropped file by the path Electron knows for it, never by one from the page', async () => {
    const { ipc } = fakeIpc()
    const dropped = new File(['a,b\n'], 'report.csv')
    const made = new File(['a,b\n'], 'made-up.csv')
    const paths = new Map([[dropped, '/home/me/Downloads/report.csv']])
    const bridge = createBridge(ipc, (file) => paths.get(file) ?? '')
    await bridge.openDroppedReport(dropped)
    expect(ipc.invoke).toHaveBeenCalledWith('reports:open-dropped', {
      path: '/home/me/Downloads/report.csv',
    })
    // A File the page made itself, or something that is not a File, never reaches main.
    const refusing = createBridge(ipc, (file) => {
      if (!(file instanceof File)) throw new TypeError('not a File')
      return paths.get(file) ?? ''
    })
    for (const notDropped of [made, '/etc/passwd' as unknown as File]) {
      expect(await refusing.openDroppedReport(notDropped)).toMatchObject({
        ok: false,
        error: {
          code: 'invalid-input',
          message: expect.stringContaining('dragged from your computer'),
        },
      })
    }
    expect(ipc.invoke).toHaveBeenCalledTimes(1)
  })
})
