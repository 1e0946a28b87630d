import { h, onBeforeUnmount, onMounted } from 'vue'
import { NButton, useDialog, type MessageReactive } from 'naive-ui'
import { useI18n } from 'vue-i18n'
import { templateTitle } from './example-template'
import { useDesignerStore } from './designer-store'
import { useNotices } from '../../../platform/notices'
import { useRefusal } from '../../../platform/workspace/refusal'

const UNDO_SECONDS = 10

/**
 * What the designer's buttons and keys do, with the asking and telling around the store's
 * actions: unsaved changes are never dropped without a question, a delete offers Undo.
 */
export function useDesignerActions() {
  const store = useDesignerStore()
  /** Why this desk saves no template now (its team role); the editor says so beside Save. */
  const saveRefusal = useRefusal('templates')
  const message = useNotices()
  const dialog = useDialog()
  const { t } = useI18n()
  const undoMessages = new Map<string, MessageReactive>()

  /** Runs `then` now, or once the user agrees to drop the open template's unsaved changes. */
  function unlessUnsaved(
    then: () => unknown,
    what: 'open' | 'delete' | 'new' | 'import' = 'open',
  ): void {
    if (!store.dirty) {
      void then()
      return
    }
    dialog.warning({
      title: t('reports.actions.discardTitle'),
      content: t('reports.actions.discardContent', {
        name: templateTitle(store.templateName) || t('reports.actions.theTemplate'),
        what: t(`reports.actions.what.${what}`),
      }),
      positiveText: t('reports.actions.discard'),
      negativeText: t('common.actions.cancel'),
      onPositiveClick: () => void then(),
    })
  }

  const failed = () => {
    if (store.failure) message.error(store.failure)
  }

  async function save(): Promise<void> {
    if (saveRefusal.value) return
    if (!store.open) return
    if (!store.canSave) {
      message.warning(store.nameIssue ?? t('reports.actions.fixFirst'))
      return
    }
    // A template imported from a file gets the file's saved views once saved.
    const imported = store.importedFrom !== null
    if (await store.save()) {
      if (imported && store.templateId) await store.saveImportedViews(store.templateId)
      message.success(t('reports.actions.saved', { name: templateTitle(store.templateName) }))
    } else if (store.nameIssue) message.error(store.nameIssue)
    else failed()
  }

  async function undo(id?: string): Promise<void> {
    const restored = await store.undoDelete(id)
    if (!restored) return failed()
    undoMessages.get(restored.id)?.destroy()
    undoMessages.delete(restored.id)
    message.success(t('reports.actions.restored', { name: templateTitle(restored.name) }))
  }

  function remove(id: string): void {
    const act = async () => {
      const entry = await store.remove(id)
      if (!entry) return failed()
      const shown = message.info(
        () =>
          h('span', { class: 'designer-undo', 'data-testid': 'template-deleted' }, [
            t('reports.actions.deleted', { name: templateTitle(entry.name) }),
            h(
              NButton,
              {
                text: true,
                type: 'primary',
                'data-testid': 'template-undo',
                onClick: () => void undo(entry.id),
              },
              { default: () => t('reports.actions.undo') },
            ),
          ]),
        {
          duration: UNDO_SECONDS * 1000,
          closable: true,
          onLeave: () => undoMessages.delete(entry.id),
        },
      )
      undoMessages.set(entry.id, shown)
    }
    if (store.templateId === id) unlessUnsaved(act, 'delete')
    else void act()
  }

  return {
    unlessUnsaved,
    open: (id: string) => {
      if (id !== store.templateId) unlessUnsaved(() => store.load(id).then((ok) => ok || failed()))
    },
    newTemplate: () => unlessUnsaved(() => store.newTemplate(), 'new'),
    save,
    saveRefusal,
    remove,
    undo,
    async duplicate(id: string) {
      const copy = await store.duplicate(id)
      if (!copy) return failed()
      message.success(t('reports.actions.duplicated', { name: copy.name }))
      unlessUnsaved(() => store.load(copy.id))
    },
    importFile: () =>
      unlessUnsaved(async () => {
        const result = await store.importFile()
        if (!result) return failed()
        if (result.status === 'refused') message.error(result.message)
        else if (result.status === 'opened') {
          if (result.notJson) {
            message.warning(t('reports.actions.importedNotJson'))
          } else if (result.issues > 0) {
            message.warning(t('reports.actions.importedIssues', result.issues))
          } else message.info(t('reports.actions.imported'))
        }
      }, 'import'),
    async exportOpen() {
      if (!store.request) {
        message.warning(t('reports.actions.notExported'))
        return
      }
      const file = await store.exportOpen()
      if (file) message.success(t('reports.actions.exported', { file }))
      else if (file === undefined) failed()
    },
    async exportSaved(id: string) {
      const file = await store.exportSaved(id)
      if (file) message.success(t('reports.actions.exported', { file }))
      else if (file === undefined) failed()
    },
  }
}

const editable = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))

/** Ctrl+S saves the open template; Ctrl+Z, outside a text box, undoes the last delete. */
export function useDesignerShortcuts(actions: ReturnType<typeof useDesignerActions>): void {
  const store = useDesignerStore()
  const onKeydown = (event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return
    const key = event.key.toLowerCase()
    if (key === 's' && !event.shiftKey) {
      event.preventDefault()
      void actions.save()
    } else if (key === 'z' && !event.shiftKey && !editable(event.target) && store.deleted.length) {
      event.preventDefault()
      void actions.undo()
    }
  }
  onMounted(() => window.addEventListener('keydown', onKeydown))
  onBeforeUnmount(() => window.removeEventListener('keydown', onKeydown))
}
