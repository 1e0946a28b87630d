/**
 * sandbox.json: how a client reaches a sandbox as its demo merchant. The CLI's --connection file
 * has this shape; paths appear only when they differ from the spec's.
 */
export interface SandboxConnection {
  baseUrl: string
  /** The sandbox's self-signed certificate: trust it as the environment's extra CA. */
  caCertFile: string
  endpointId: string
  merchantLogin: string
  controlKeyFile: string
  /** PKCS#1 PEM, mode 0600. */
  privateKeyFile: string
  /** The public key the sandbox verifies update-recurring-payment signatures with. */
  publicKeyFile: string
  updateRecurringPath?: string
  reportPath?: string
}
