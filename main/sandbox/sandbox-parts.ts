import type { Charge, ChargingContext } from './profiles/charging'
import type { SandboxState } from './stores/sandbox-state'

/** What the sandbox service hands the groups of calls it is made of. */
export interface SandboxParts {
  state: SandboxState
  context: ChargingContext
  /** Sends the callbacks of charges already committed. */
  sendCallbacks: (charges: readonly Charge[]) => void
}
