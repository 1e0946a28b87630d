import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { ChannelOutput } from '../../../preload/contract/channels'
import { call } from './bridge'

/** What main says about the running app. */
export const useAppStore = defineStore('app', () => {
  const info = ref<ChannelOutput<'app:info'> | null>(null)
  const loadError = ref<string | null>(null)

  async function load(): Promise<void> {
    try {
      info.value = await call('app:info')
      loadError.value = null
    } catch (error) {
      loadError.value = (error as Error).message
    }
  }

  return { info, loadError, load }
})
