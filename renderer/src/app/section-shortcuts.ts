import { onBeforeUnmount, onMounted } from 'vue'
import { useRouter } from 'vue-router'
import { sections } from './sections'

/** The shortcut of the section at `index`: Ctrl+1 for the first (⌘ on macOS too). */
export const sectionShortcut = (index: number) => `Ctrl+${index + 1}`

/** Ctrl (or ⌘) with a digit opens that section, in navigation order, from anywhere in the window. */
export function useSectionShortcuts(): void {
  const router = useRouter()
  const onKeydown = (event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return
    const section = sections[Number(event.key) - 1]
    if (!section) return
    event.preventDefault()
    void router.push(section.path)
  }
  onMounted(() => window.addEventListener('keydown', onKeydown))
  onBeforeUnmount(() => window.removeEventListener('keydown', onKeydown))
}
