import '../../../preload/contract/bridge-api'
import type {
  ChannelInput,
  ChannelOutput,
  PageChannelName,
} from '../../../preload/contract/channels'
import type { IpcError } from '../../../preload/contract/platform/ipc-result'
import { explainMain } from './i18n'

/**
 * A failed invoke, carrying main's explanation and the fields at fault; its message is worded in
 * the window's language when main gave a code the locale knows.
 */
export class BridgeError extends Error {
  constructor(readonly detail: IpcError) {
    super(explainMain(detail))
  }
}

/** Invokes a channel and returns its value, or throws a BridgeError with main's explanation. */
export async function call<C extends PageChannelName>(
  channel: C,
  ...input: ChannelInput<C> extends undefined ? [] : [ChannelInput<C>]
): Promise<ChannelOutput<C>> {
  const result = await window.gatedesk.invoke(channel, ...input)
  if (!result.ok) throw new BridgeError(result.error)
  return result.value
}

/** Stops a job main runs (an index, an export, a key generation…); its jobs:finished tells how it ended. */
export const cancelJob = (jobId: string) => call('jobs:cancel', { jobId })

/** Opens a report file dropped on the window (the preload finds where it is), or throws. */
export async function openDroppedReport(
  file: File,
): Promise<ChannelOutput<'reports:open-dropped'>> {
  const result = await window.gatedesk.openDroppedReport(file)
  if (!result.ok) throw new BridgeError(result.error)
  return result.value
}
