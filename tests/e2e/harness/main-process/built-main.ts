import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { forkLauncher } from '../../../../main/platform/workers/fork-launcher'
import type {
  AppResponse,
  MainProcessRequest,
  MainProcessSnapshot,
  SenderFrame,
} from './main-process-requests'

/** The built main process, booted in a Node child of its own with the `electron` stand-in. */
export interface BuiltMain {
  boot(): Promise<MainProcessSnapshot>
  fetch(url: string): Promise<AppResponse>
  invoke(channel: string, payload: unknown, senderFrame: SenderFrame | null): Promise<unknown>
  quit(): Promise<MainProcessSnapshot>
  /** Makes every save dialog choose `file`, as if the user had picked it. */
  answerSaveDialogs(file: string): Promise<void>
  /** Ends the child, whatever state it is in. */
  kill(): void
}

/** Starts boot-built-main.ts (through tsx) on `bundleFile`, the app's data in `userData`. */
export function startBuiltMain(bundleFile: string, userData: string): BuiltMain {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
  const runner = fileURLToPath(new URL('./boot-built-main.ts', import.meta.url))
  const channel = forkLauncher({ file: runner, execArgv: ['--import', tsx] }, [
    bundleFile,
    userData,
  ])
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>()
  let nextId = 0
  channel.onMessage((message) => {
    const reply = message as { id: number } & (
      { ok: true; result: unknown } | { ok: false; error: string }
    )
    const settle = waiting.get(reply.id)
    waiting.delete(reply.id)
    if (reply.ok) settle?.resolve(reply.result)
    else settle?.reject(new Error(reply.error))
  })
  channel.onExit((exit) => {
    for (const settle of waiting.values())
      settle.reject(new Error(`the main process ended: ${JSON.stringify(exit)}`))
    waiting.clear()
  })
  const request = <T>(body: MainProcessRequest) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject })
      channel.send({ id, ...body })
    })
  return {
    boot: () => request({ kind: 'boot' }),
    fetch: (url) => request({ kind: 'fetch', url }),
    invoke: (channelName, payload, senderFrame) =>
      request({ kind: 'invoke', channel: channelName, payload, senderFrame }),
    quit: () => request({ kind: 'quit' }),
    answerSaveDialogs: (file) => request({ kind: 'answer-save-dialogs', file }),
    kill: () => channel.kill(),
  }
}
