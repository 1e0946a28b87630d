// The sandbox feature's face for the command line: start it, advance its date, word its money.
// main/cli/ imports a feature only through this file (.dependency-cruiser.js).
export type { AdvanceResult } from './profiles/charging'
export { formatMinor } from './profiles/money'
export { advanceSandboxDays } from './sandbox-advance'
export type { SandboxConnection } from './sandbox-connection'
export { startSandbox } from './sandbox-server'
