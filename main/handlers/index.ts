import type { Handlers } from '../ipc'
import { appHandlers } from './app-handlers'

/** The services behind the channels; the app and the e2e harness pass the same real ones. */
export interface AppServices {
  version: string
  platform: string
  openExternal: (url: string) => Promise<void>
}

/** Every channel's handler, bound to the services. */
export function createHandlers(services: AppServices): Handlers {
  return { ...appHandlers(services) }
}
