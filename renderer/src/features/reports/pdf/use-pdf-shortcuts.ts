import { onBeforeUnmount, onMounted } from 'vue'

/** Ctrl+F (⌘F) goes to the PDF's search box and Ctrl+G (⌘G) to its page number, from anywhere. */
export function usePdfShortcuts(actions: { find: () => void; goToPage: () => void }): void {
  const onKeydown = (event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return
    const action = { f: actions.find, g: actions.goToPage }[event.key.toLowerCase()]
    if (!action) return
    event.preventDefault()
    action()
  }
  onMounted(() => window.addEventListener('keydown', onKeydown))
  onBeforeUnmount(() => window.removeEventListener('keydown', onKeydown))
}
