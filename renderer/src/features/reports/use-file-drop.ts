import { ref } from 'vue'

const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false

/**
 * Files dragged over an element: `dragging` while they are over it (to show the drop target),
 * and `onFiles` with what was dropped. Drags of text or of the page's own elements (column
 * headers) pass by untouched.
 */
export function useFileDrop(onFiles: (files: File[]) => void) {
  const dragging = ref(false)
  // dragenter and dragleave fire for every child the pointer crosses: count to know it left.
  let depth = 0
  const handlers = {
    dragenter(event: DragEvent) {
      if (!carriesFiles(event)) return
      event.preventDefault()
      depth++
      dragging.value = true
    },
    dragover(event: DragEvent) {
      if (!carriesFiles(event)) return
      // Without this the drop is refused (and Electron would try to navigate to the file).
      event.preventDefault()
      event.dataTransfer!.dropEffect = 'copy'
    },
    dragleave(event: DragEvent) {
      if (!carriesFiles(event)) return
      depth = Math.max(0, depth - 1)
      if (depth === 0) dragging.value = false
    },
    drop(event: DragEvent) {
      if (!carriesFiles(event)) return
      event.preventDefault()
      depth = 0
      dragging.value = false
      onFiles([...event.dataTransfer!.files])
    },
  }
  return { dragging, handlers }
}
