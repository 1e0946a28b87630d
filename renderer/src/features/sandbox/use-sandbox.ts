import { ref } from 'vue'
import type { ChannelInput } from '../../../../preload/contract/channels'
import type {
  AdvanceCounts,
  SandboxOverview,
} from '../../../../preload/contract/sandbox/sandbox-channels'
import { call } from '../../platform/bridge'

/**
 * The built-in gateway as the Sandbox screen shows it: each action answers with a fresh overview;
 * a failed one leaves the last overview and says why. An action resolves true when it succeeded.
 */
export function useSandbox() {
  const overview = ref<SandboxOverview | null>(null)
  const failure = ref<string | null>(null)
  const busy = ref(false)
  const lastAdvance = ref<AdvanceCounts | null>(null)

  async function act(action: () => Promise<SandboxOverview>): Promise<boolean> {
    busy.value = true
    try {
      overview.value = await action()
      failure.value = null
      return true
    } catch (error) {
      failure.value = (error as Error).message
      return false
    } finally {
      busy.value = false
    }
  }

  return {
    overview,
    failure,
    busy,
    lastAdvance,
    load: () => act(() => call('sandbox:overview')),
    advance: (days: number) =>
      act(async () => {
        const result = await call('sandbox:advance', { days })
        lastAdvance.value = result.moved
        return result.overview
      }),
    injectFault: (kind: ChannelInput<'sandbox:inject-fault'>['kind'], count: number) =>
      act(() => call('sandbox:inject-fault', { kind, count })),
    clearFaults: () => act(() => call('sandbox:clear-faults')),
    reset: () =>
      act(async () => {
        const result = await call('sandbox:reset')
        lastAdvance.value = null
        return result
      }),
  }
}
