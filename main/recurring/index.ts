// The recurring feature's face for the command line: its one way to send an update, and its context.
// main/cli/ imports a feature only through this file (.dependency-cruiser.js).
export type { UncertainSend } from './resend-guard'
export { sendRecurringUpdate } from './send-core'
export { createSendingContext, type SendingContext } from './sending-context'
