import type { Handlers } from '../ipc'
import { appHandlers } from './app-handlers'
import { environmentHandlers } from './environment-handlers'

/** Every channel's handler, bound to its services. */
export function createHandlers(services: {
  app: Parameters<typeof appHandlers>[0]
  environments: Parameters<typeof environmentHandlers>[0]
}): Handlers {
  return { ...appHandlers(services.app), ...environmentHandlers(services.environments) }
}
