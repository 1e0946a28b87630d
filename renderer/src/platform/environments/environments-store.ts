import { defineStore } from 'pinia'
import { onTeamChange } from '../workspace/team-changes'
import { computed, ref } from 'vue'
import type { ChannelInput } from '../../../../preload/contract/channels'
import type { EnvironmentView } from '../../../../preload/contract/environments/environment'
import { call } from '../bridge'

const SELECTED_KEY = 'gatedesk.selectedEnvironment'

/** The environments, and which one the staff member works in (the Sandbox by default). */
export const useEnvironmentsStore = defineStore('environments', () => {
  const list = ref<EnvironmentView[]>([])
  const loadError = ref<string | null>(null)
  const selectedId = ref<string | null>(localStorage.getItem(SELECTED_KEY))

  const selected = computed(
    () =>
      list.value.find((environment) => environment.id === selectedId.value) ??
      list.value[0] ??
      null,
  )

  async function load(): Promise<void> {
    try {
      list.value = await call('environments:list')
      loadError.value = null
    } catch (error) {
      loadError.value = (error as Error).message
    }
  }

  // An environment another desk's admin changed shows without a refresh.
  onTeamChange(['environments'], load)

  function select(id: string): void {
    selectedId.value = id
    localStorage.setItem(SELECTED_KEY, id)
  }

  /** Puts a created or changed environment in the list, keeping its place. */
  function upsert(environment: EnvironmentView): void {
    const index = list.value.findIndex((item) => item.id === environment.id)
    if (index >= 0) list.value.splice(index, 1, environment)
    else list.value.push(environment)
  }

  async function create(input: ChannelInput<'environments:create'>): Promise<EnvironmentView> {
    const created = await call('environments:create', input)
    upsert(created)
    return created
  }

  async function update(
    id: string,
    changes: ChannelInput<'environments:update'>['changes'],
  ): Promise<EnvironmentView> {
    const updated = await call('environments:update', { id, changes })
    upsert(updated)
    return updated
  }

  async function remove(id: string): Promise<void> {
    await call('environments:remove', { id })
    list.value = list.value.filter((environment) => environment.id !== id)
    if (selectedId.value === id) select(list.value[0]?.id ?? '')
  }

  return { list, loadError, selected, load, select, create, update, remove }
})
