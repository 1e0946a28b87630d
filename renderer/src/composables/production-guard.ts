import type { EnvironmentView } from '../../../preload/contract/environment'
import { useConfirm } from './confirm'

// Production environments confirmed in this session: asked once, then trusted until restart.
const confirmed = new Set<string>()

/**
 * Returns a check to await before sending anything to an environment: production asks for
 * confirmation the first time in a session; every other kind passes at once.
 */
export function useProductionGuard() {
  const ask = useConfirm()
  return async (environment: EnvironmentView): Promise<boolean> => {
    if (environment.kind !== 'production' || confirmed.has(environment.id)) return true
    const yes = await ask({
      title: `Send to production: ${environment.name}?`,
      content:
        'This request goes to the live gateway and acts on real payment data. GateDesk asks once per session for each production environment.',
      positiveText: 'Send to production',
      negativeText: 'Cancel',
    })
    if (yes) confirmed.add(environment.id)
    return yes
  }
}
