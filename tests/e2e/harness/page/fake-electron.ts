// Stands in for the `electron` module when the real preload runs in the e2e browser: the same
// contextBridge and ipcRenderer surface, with invoke/on carried over the harness's WebSocket.
// Only this transport differs from the app.

type Listener = (event: unknown, payload: unknown) => void

interface HarnessConfig {
  token: string
  /** Where each "dropped" File lies on disk, as Electron knows it of a real drop; set by tests. */
  filePaths?: WeakMap<File, string>
}

const harnessConfig = (globalThis as unknown as { __GATEDESK_HARNESS__: HarnessConfig })
  .__GATEDESK_HARNESS__
const { token } = harnessConfig
harnessConfig.filePaths = new WeakMap()
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

export const webUtils = {
  /** As Electron's: the path of a File from disk, "" for one the page made itself. */
  getPathForFile(file: File): string {
    if (!(file instanceof File)) throw new TypeError('getPathForFile expects a File')
    return harnessConfig.filePaths?.get(file) ?? ''
  },
}
