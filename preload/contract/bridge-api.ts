import type {
  ChannelInput,
  ChannelOutput,
  EventName,
  EventPayload,
  PageChannelName,
} from './channels'
import type { IpcResult } from './platform/ipc-result'

/** The one object the preload exposes as `window.gatedesk`. */
export interface GatedeskBridge {
  invoke<C extends PageChannelName>(
    channel: C,
    ...input: ChannelInput<C> extends undefined ? [] : [ChannelInput<C>]
  ): Promise<IpcResult<ChannelOutput<C>>>
  /**
   * Opens a report file dropped on the window. The preload asks Electron for the File's path
   * (a File the page made itself has none) and hands it to main; the page never sees it.
   */
  openDroppedReport(file: File): Promise<IpcResult<ChannelOutput<'reports:open-dropped'>>>
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
