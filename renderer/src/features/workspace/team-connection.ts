import { onUnmounted } from 'vue'
import type { EventPayload } from '../../../../preload/contract/channels'
import type { TeamConnectionInput } from '../../../../preload/contract/workspace/workspace'
import { call, cancelJob } from '../../platform/bridge'
import { dialogText } from '../../platform/i18n/dialog-filters'

/**
 * What the connection form asks of main. The password goes with the input of a check or a
 * connect and is kept nowhere in the window: main puts it in the keychain.
 */
export const teamConnection = {
  check: (input: TeamConnectionInput) => call('workspace:check', input),
  connect: (input: TeamConnectionInput) => call('workspace:connect', input),
  chooseCaFile: (title: string) => call('workspace:choose-ca-file', dialogText(title)),
  cancel: cancelJob,
}

/** Hands `listener` each step main reports of a check or connect, until unmounted. */
export function useCheckStage(
  listener: (progress: EventPayload<'workspace:check-progress'>) => void,
) {
  onUnmounted(window.gatedesk.on('workspace:check-progress', listener))
}
