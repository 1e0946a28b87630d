/** Thrown by a Sandbox page action that cannot be done; the message says why. */
export class SandboxActionError extends Error {}
