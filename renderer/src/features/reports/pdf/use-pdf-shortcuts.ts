import { onBeforeUnmount, onMounted } from 'vue'

export interface PdfShortcutActions {
  find: () => void
  goToPage: () => void
  print: () => void
  zoomIn: () => void
  zoomOut: () => void
  zoomAutomatic: () => void
}

const ZOOM_KEYS: Record<string, 'zoomIn' | 'zoomOut' | 'zoomAutomatic'> = {
  '+': 'zoomIn',
  '=': 'zoomIn',
  '-': 'zoomOut',
  '0': 'zoomAutomatic',
}

/**
 * Ctrl+F (⌘F) goes to the PDF's search box, Ctrl+G (⌘G) to its page number and Ctrl+P (⌘P)
 * prints, from anywhere. Ctrl+plus, minus and 0 zoom the PDF while the focus is in `viewer`
 * (and the window's own zoom, the View menu's, everywhere else).
 */
export function usePdfShortcuts(
  viewer: () => HTMLElement | null,
  actions: PdfShortcutActions,
): void {
  const onKeydown = (event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return
    const key = event.key.toLowerCase()
    const zoom = ZOOM_KEYS[key]
    const inViewer = !!viewer()?.contains(document.activeElement)
    const action =
      zoom && inViewer
        ? actions[zoom]
        : event.shiftKey
          ? undefined
          : { f: actions.find, g: actions.goToPage, p: actions.print }[key]
    if (!action) return
    // Handled here, the key never reaches the menu's accelerators (the window's zoom).
    event.preventDefault()
    action()
  }
  onMounted(() => window.addEventListener('keydown', onKeydown))
  onBeforeUnmount(() => window.removeEventListener('keydown', onKeydown))
}
