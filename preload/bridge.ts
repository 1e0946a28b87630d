import type { GatedeskBridge } from './contract/bridge-api'
import { isChannelName, isEventName } from './contract/channels'

/** The part of Electron's ipcRenderer the bridge uses; the e2e harness passes a WebSocket one. */
export interface IpcRendererLike {
  invoke(channel: string, payload: unknown): Promise<unknown>
  on(channel: string, listener: (event: unknown, payload: unknown) => void): unknown
  removeListener(channel: string, listener: (event: unknown, payload: unknown) => void): unknown
}

/**
 * Builds `window.gatedesk` from the contract: only the contract's channels and events pass, and
 * listeners get the payload alone (never Electron's event, which would expose the sender).
 */
export function createBridge(ipc: IpcRendererLike): GatedeskBridge {
  const invoke = async (channel: string, input?: unknown) => {
    if (!isChannelName(channel)) {
      return {
        ok: false,
        error: { code: 'unknown-channel', message: `"${channel}" is not a GateDesk channel.` },
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
  return Object.freeze({ invoke, on }) as GatedeskBridge
}
