import { useI18n } from 'vue-i18n'
import { useNotices } from '../notices'

/** Copies a text to the clipboard and says so, or says why it could not. */
export function useCopyText() {
  const message = useNotices()
  const { t } = useI18n()
  return async (text: string, done: string): Promise<void> => {
    try {
      await navigator.clipboard.writeText(text)
      message.success(done)
    } catch (error) {
      message.error(t('common.errors.copyFailed', { message: (error as Error).message }))
    }
  }
}
