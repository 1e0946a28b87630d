import type { ChannelInput, ChannelName, ChannelOutput, EventName, EventPayload } from './channels'
import type { IpcResult } from './ipc-result'

/** The one object the preload exposes as `window.gatedesk`. */
export interface GatedeskBridge {
  invoke<C extends ChannelName>(
    channel: C,
    ...input: ChannelInput<C> extends undefined ? [] : [ChannelInput<C>]
  ): Promise<IpcResult<ChannelOutput<C>>>
  /** Subscribes to an event; returns the function that unsubscribes. */
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void
}

/** The global name the preload exposes the bridge under. */
export const BRIDGE_GLOBAL = 'gatedesk'

declare global {
  interface Window {
    /** Exposed by the preload; the renderer's only way to reach main. */
    gatedesk: GatedeskBridge
  }
}
