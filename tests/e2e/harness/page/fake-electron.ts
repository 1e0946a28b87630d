// Stands in for the `electron` module when the real preload runs in the e2e browser: the same
// contextBridge and ipcRenderer surface, with invoke/on carried over the harness's WebSocket.
// Only this transport differs from the app.

type Listener = (event: unknown, payload: unknown) => void

interface HarnessConfig {
  token: string
}

const { token } = (globalThis as unknown as { __GATEDESK_HARNESS__: HarnessConfig })
  .__GATEDESK_HARNESS__
const socket = new WebSocket(`ws://${location.host}/ipc?token=${encodeURIComponent(token)}`)
const opened = new Promise((resolve) => socket.addEventListener('open', resolve, { once: true }))
const pending = new Map<number, (result: unknown) => void>()
const listeners = new Map<string, Set<Listener>>()
let nextId = 0

socket.addEventListener('message', (message: MessageEvent<string>) => {
  const data = JSON.parse(message.data) as
    { id: number; result: unknown } | { event: string; payload: unknown }
  if ('id' in data) {
    pending.get(data.id)?.(data.result)
    pending.delete(data.id)
  } else {
    listeners.get(data.event)?.forEach((listener) => listener({}, data.payload))
  }
})

export const ipcRenderer = {
  async invoke(channel: string, payload: unknown): Promise<unknown> {
    await opened
    const id = nextId++
    return new Promise((resolve) => {
      pending.set(id, resolve)
      socket.send(JSON.stringify({ id, channel, payload }))
    })
  },
  on(channel: string, listener: Listener): void {
    listeners.set(channel, (listeners.get(channel) ?? new Set()).add(listener))
  },
  removeListener(channel: string, listener: Listener): void {
    listeners.get(channel)?.delete(listener)
  },
}

export const contextBridge = {
  exposeInMainWorld(name: string, api: unknown): void {
    Object.defineProperty(window, name, { value: api, writable: false, configurable: false })
  },
}
