import { createHash } from 'node:crypto'
import type { GatewayEnvironment } from './environment'

/**
 * The gateway and merchant a connection names, as an id that is the same on every desk: what
 * the team's audit trail names a request's environment by, and what a team job is bound to.
 */
export function gatewayId(
  target: Pick<GatewayEnvironment, 'baseUrl' | 'endpointId' | 'merchantLogin'>,
): string {
  const key = `${target.baseUrl.replace(/\/+$/, '')}\n${target.endpointId}\n${target.merchantLogin}`
  return `cli-${createHash('sha256').update(key).digest('hex').slice(0, 32)}`
}
