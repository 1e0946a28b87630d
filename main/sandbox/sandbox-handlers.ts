import type { Handlers } from '../platform/electron/ipc'
import type { RemoteSandboxPage } from './sandbox-page'

type SandboxChannel = Extract<keyof Handlers, `sandbox:${string}`>

/**
 * The Sandbox page's channels, answered by the embedded sandbox in its own process: a call
 * starts it again if it stopped, or fails saying why it cannot run.
 */
export function sandboxHandlers(deps: {
  sandbox: RemoteSandboxPage
}): Pick<Handlers, SandboxChannel> {
  const { sandbox } = deps
  return {
    'sandbox:overview': () => sandbox.overview(),
    'sandbox:advance': ({ days }) => sandbox.advance(days),
    'sandbox:inject-fault': ({ kind, count }) => sandbox.injectFault(kind, count),
    'sandbox:clear-faults': () => sandbox.clearFaults(),
    'sandbox:reset': () => sandbox.reset(),
  }
}
