import { useMessage, type MessageOptions, type MessageReactive } from 'naive-ui'
import { getCurrentInstance, watch, type VNodeChild } from 'vue'
import { useRouter } from 'vue-router'
import { i18n } from './i18n'

/**
 * The window's one notification host: every screen says "done" or "failed" through it. Identical
 * notices are one, at most NOTICES_MAX are shown (the oldest gives way), and all of them go when
 * the user moves to another screen, where they would speak of what is no longer there, or picks
 * another language. Where they appear (the bottom of the navigation, never over a form or a
 * drawer) is set where the host is mounted (App.vue: NOTICE_PLACEMENT).
 */
export const NOTICES_MAX = 2

/**
 * Below the navigation's sections, above its language and theme switches, as wide as it is. An
 * unbroken value (a key's fingerprint, a long name) wraps anywhere rather than reach over the
 * screen (overflow-wrap is inherited by the notices' text).
 */
export const NOTICE_PLACEMENT = {
  placement: 'bottom-left',
  containerStyle: { left: '12px', bottom: '136px', maxWidth: '216px', overflowWrap: 'anywhere' },
} as const

/** Long enough to read a sentence or two (Naive UI's 3 s is not), short enough not to linger. */
const NOTICE_SECONDS = 6

type NoticeKind = 'success' | 'error' | 'info' | 'warning'

/** What is shown, oldest first, by kind and text. */
const shown = new Map<string, MessageReactive>()
let clearedOnNavigation = false

export function clearNotices(): void {
  for (const notice of shown.values()) notice.destroy()
  shown.clear()
}

// A notice is worded in the language of its moment: it goes when the user picks another.
watch(i18n.global.locale, clearNotices)

/** A notice's text, or what it renders (an Undo button): the latter is never merged. */
type NoticeContent = string | (() => VNodeChild)
export type Notices = Record<
  NoticeKind,
  (content: NoticeContent, options?: MessageOptions) => MessageReactive
>
let rendered = 0

export function useNotices(): Notices {
  const message = useMessage()
  if (!clearedOnNavigation && getCurrentInstance()) {
    const router = useRouter()
    router?.afterEach((to, from) => {
      if (to.path !== from.path) clearNotices()
    })
    clearedOnNavigation = router !== undefined
  }
  const show =
    (kind: NoticeKind) =>
    (content: NoticeContent, options: MessageOptions = {}) => {
      const key = typeof content === 'string' ? `${kind}\n${content}` : `rendered ${++rendered}`
      const same = shown.get(key)
      if (same) return same
      while (shown.size >= NOTICES_MAX) {
        const [oldest, notice] = shown.entries().next().value!
        notice.destroy()
        shown.delete(oldest)
      }
      const notice = message[kind](content, {
        duration: NOTICE_SECONDS * 1000,
        ...options,
        onLeave: () => {
          if (shown.get(key) === notice) shown.delete(key)
          options.onLeave?.()
        },
      })
      shown.set(key, notice)
      return notice
    }
  return {
    success: show('success'),
    error: show('error'),
    info: show('info'),
    warning: show('warning'),
  }
}
