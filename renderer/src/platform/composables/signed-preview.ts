import { ref, watch, type Ref } from 'vue'

/**
 * A request preview signed afresh in main each time its drawer opens (or "Sign again"): a new
 * nonce and timestamp each time; a failure is shown in place of the last preview.
 */
export function useSignedPreview<T>(show: Ref<boolean>, sign: () => Promise<T>) {
  const preview = ref<T | null>(null) as Ref<T | null>
  const failure = ref<string | null>(null)
  const loading = ref(false)

  async function load() {
    loading.value = true
    failure.value = null
    try {
      preview.value = await sign()
    } catch (error) {
      preview.value = null
      failure.value = (error as Error).message
    } finally {
      loading.value = false
    }
  }
  watch(show, (open) => open && void load())

  return { preview, failure, loading, load }
}
