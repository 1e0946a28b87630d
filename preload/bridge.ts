import type { GatedeskBridge } from './contract/bridge-api'
import { isEventName, isPageChannelName } from './contract/channels'

/** The part of Electron's ipcRenderer the bridge uses; the e2e harness passes a WebSocket one. */
export interface IpcRendererLike {
  invoke(channel: string, payload: unknown): Promise<unknown>
  on(channel: string, listener: (event: unknown, payload: unknown) => void): unknown
  removeListener(channel: string, listener: (event: unknown, payload: unknown) => void): unknown
}

/**
 * Builds `window.gatedesk` from the contract: only the contract's page channels and events pass,
 * and listeners get the payload alone (never Electron's event, which would expose the sender).
 * `pathOfFile` is Electron's webUtils.getPathForFile: "" for a File that is not on disk.
 */
export function createBridge(
  ipc: IpcRendererLike,
  pathOfFile: (file: File) => string,
): GatedeskBridge {
  const invoke = async (channel: string, input?: unknown) => {
    if (!isPageChannelName(channel)) {
      return {
        ok: false,
        error: {
          code: 'unknown-channel',
          message: `"${channel}" is not a GateDesk channel.`,
          messageCode: 'ipc.unknown-channel',
          params: { channel: channel.slice(0, 200) },
        },
      }
    }
    return ipc.invoke(channel, input)
  }
  const on = (event: string, listener: (payload: unknown) => void) => {
    if (!isEventName(event)) throw new Error(`"${event}" is not a GateDesk event.`)
    const forward = (_event: unknown, payload: unknown) => listener(payload)
    ipc.on(event, forward)
    return () => {
      ipc.removeListener(event, forward)
    }
  }
  const openDroppedReport = async (file: File) => {
    // A File the page made up has no path, and anything else is refused: nothing reaches main.
    let path = ''
    try {
      path = pathOfFile(file)
    } catch {
      // Not a File at all.
    }
    if (!path) {
      return {
        ok: false,
        error: {
          code: 'invalid-input',
          message: 'Only files dragged from your computer can be opened this way.',
        },
      }
    }
    return ipc.invoke('reports:open-dropped', { path })
  }
  return Object.freeze({ invoke, on, openDroppedReport }) as GatedeskBridge
}
