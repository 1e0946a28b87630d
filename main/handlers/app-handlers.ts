import { externalUrlToOpen } from '../security/external-url'
import type { Handlers } from '../ipc'

export function appHandlers(deps: {
  version: string
  platform: string
  openExternal: (url: string) => Promise<void>
}): Pick<Handlers, 'app:info' | 'app:open-external'> {
  return {
    'app:info': async () => ({ version: deps.version, platform: deps.platform }),
    'app:open-external': async ({ url }) => {
      const external = externalUrlToOpen(url)
      if (!external) return { opened: false }
      await deps.openExternal(external)
      return { opened: true }
    },
  }
}
