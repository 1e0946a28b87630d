import { computed } from 'vue'
import { useWorkspaceStore, type GatedRight } from './workspace-store'

/** Why this desk may not do `right` now (its role, the server offline); null when it may. */
export function useRefusal(right: GatedRight) {
  const workspace = useWorkspaceStore()
  return computed(() => workspace.refusal(right))
}
