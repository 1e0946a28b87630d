import { useDialog } from 'naive-ui'

export interface Question {
  title: string
  content: string
  positiveText: string
  negativeText: string
}

/**
 * Returns an `ask` that shows a warning dialog and resolves true only when the user confirms:
 * however else it closes (Cancel, Esc, the mask, the close button), the answer is no.
 */
export function useConfirm() {
  const dialog = useDialog()
  return (question: Question): Promise<boolean> =>
    new Promise((resolve) => {
      dialog.warning({
        ...question,
        onPositiveClick: () => resolve(true),
        onNegativeClick: () => resolve(false),
        onClose: () => resolve(false),
        onMaskClick: () => resolve(false),
        onEsc: () => resolve(false),
        // However the dialog closes, the question is answered (a second resolve is ignored).
        onAfterLeave: () => resolve(false),
      })
    })
}
