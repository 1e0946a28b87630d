import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'

/** What the window asked main, in order, through window.gatedesk (main answers each with {}). */
const invoked = vi.hoisted(() => {
  const calls: [string, unknown][] = []
  // The window's globals the store and its language use, set before they are imported.
  Object.assign(globalThis, {
    localStorage: { getItem: () => 'en' },
    window: {
      gatedesk: {
        invoke: async (channel: string, input: unknown) => {
          calls.push([channel, input])
          return { ok: true, value: {} }
        },
      },
    },
  })
  return calls
})

/** The part of the store these tests use. */
interface ReportsStore {
  result: unknown
  show(result: { kind: 'pdf'; fileId: string; fileName: string }): Promise<void>
  release(): Promise<void>
}
// The store is window code, type-checked with the window's (vue-tsc); it runs here under Node
// with stand-ins for the window's globals, imported by a path tsc of the Node files does not follow.
const storePath = '../../../renderer/src/features/reports/reports-store'
const { useReportsStore } = (await import(/* @vite-ignore */ storePath)) as {
  useReportsStore: () => ReportsStore
}

const fileId = '3f1c2a9e-8b7d-4c6e-9f10-2a3b4c5d6e7f'

beforeEach(() => {
  setActivePinia(createPinia())
  invoked.length = 0
})

describe('the Reports screen’s result', () => {
  it('forgets a PDF’s file id when the next result replaces it', async () => {
    const store = useReportsStore()
    await store.show({ kind: 'pdf', fileId, fileName: 'statement.pdf' })
    expect(invoked).toEqual([])
    await store.show({ kind: 'pdf', fileId: fileId.replace('3f', '4a'), fileName: 'next.pdf' })
    expect(invoked).toEqual([['reports:forget-file', { fileId }]])
  })

  it('forgets a PDF’s file id when the screen closes it', async () => {
    const store = useReportsStore()
    await store.show({ kind: 'pdf', fileId, fileName: 'statement.pdf' })
    await store.release()
    expect(invoked).toEqual([['reports:forget-file', { fileId }]])
    expect(store.result).toBeNull()
  })
})
