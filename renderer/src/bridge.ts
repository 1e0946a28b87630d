import '../../preload/contract/bridge-api'
import type { ChannelInput, ChannelName, ChannelOutput } from '../../preload/contract/channels'
import type { IpcError } from '../../preload/contract/ipc-result'

/** A failed invoke, carrying main's explanation and the fields at fault. */
export class BridgeError extends Error {
  constructor(readonly detail: IpcError) {
    super(detail.message)
  }
}

/** Invokes a channel and returns its value, or throws a BridgeError with main's explanation. */
export async function call<C extends ChannelName>(
  channel: C,
  ...input: ChannelInput<C> extends undefined ? [] : [ChannelInput<C>]
): Promise<ChannelOutput<C>> {
  const result = await window.gatedesk.invoke(channel, ...input)
  if (!result.ok) throw new BridgeError(result.error)
  return result.value
}
