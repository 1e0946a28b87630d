import { useDialog } from 'naive-ui'
import type { EnvironmentView } from '../../../preload/contract/environment'

// Production environments confirmed in this session: asked once, then trusted until restart.
const confirmed = new Set<string>()

/**
 * Returns a check to await before sending anything to an environment: production asks for
 * confirmation the first time in a session; every other kind passes at once.
 */
export function useProductionGuard() {
  const dialog = useDialog()
  return (environment: EnvironmentView): Promise<boolean> => {
    if (environment.kind !== 'production' || confirmed.has(environment.id)) {
      return Promise.resolve(true)
    }
    return new Promise((resolve) => {
      dialog.warning({
        title: `Send to production: ${environment.name}?`,
        content:
          'This request goes to the live gateway and acts on real payment data. GateDesk asks once per session for each production environment.',
        positiveText: 'Send to production',
        negativeText: 'Cancel',
        onPositiveClick: () => {
          confirmed.add(environment.id)
          resolve(true)
        },
        onNegativeClick: () => resolve(false),
        onClose: () => resolve(false),
        onMaskClick: () => resolve(false),
        onEsc: () => resolve(false),
        // However the dialog closes, the question is answered (a second resolve is ignored).
        onAfterLeave: () => resolve(false),
      })
    })
  }
}
