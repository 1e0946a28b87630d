import { useI18n } from 'vue-i18n'
import type { EnvironmentView } from '../../../../preload/contract/environments/environment'
import { useConfirm } from './confirm'

// Production environments confirmed in this session: asked once, then trusted until restart.
const confirmed = new Set<string>()

/**
 * Returns a check to await before sending anything to an environment: production asks for
 * confirmation the first time in a session; every other kind passes at once.
 */
export function useProductionGuard() {
  const ask = useConfirm()
  const { t } = useI18n()
  return async (environment: EnvironmentView): Promise<boolean> => {
    if (environment.kind !== 'production' || confirmed.has(environment.id)) return true
    const yes = await ask({
      title: t('environments.productionGuard.title', { name: environment.name }),
      content: t('environments.productionGuard.content'),
      positiveText: t('environments.productionGuard.confirm'),
      negativeText: t('common.actions.cancel'),
    })
    if (yes) confirmed.add(environment.id)
    return yes
  }
}
