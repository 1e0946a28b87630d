import type { Handlers } from '../ipc'
import { appHandlers } from './app-handlers'
import { environmentHandlers } from './environment-handlers'
import { sandboxHandlers } from './sandbox-handlers'

/** Every channel's handler, bound to its services. */
export function createHandlers(services: {
  app: Parameters<typeof appHandlers>[0]
  environments: Parameters<typeof environmentHandlers>[0]
  sandbox: Parameters<typeof sandboxHandlers>[0]
}): Handlers {
  return {
    ...appHandlers(services.app),
    ...environmentHandlers(services.environments),
    ...sandboxHandlers(services.sandbox),
  }
}
