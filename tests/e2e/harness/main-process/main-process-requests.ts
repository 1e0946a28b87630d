import type { ForkedProcess } from './electron-stand-in'

/** What the test asks of the built main process running under boot-built-main.ts. */
export type MainProcessRequest =
  | { kind: 'boot' }
  | { kind: 'fetch'; url: string }
  | { kind: 'invoke'; channel: string; payload: unknown; senderFrame: SenderFrame | null }
  | { kind: 'quit' }
  /** The file every save dialog from now on chooses. */
  | { kind: 'answer-save-dialogs'; file: string }

/** The frame Electron names as an invoke's sender. */
export interface SenderFrame {
  url: string
  parent: unknown
}

/** An app:// answer, its body as text. */
export interface AppResponse {
  status: number
  headers: Record<string, string>
  body: string
}

/** What the app asked of the `electron` stand-in so far, and what went wrong in its process. */
export interface MainProcessSnapshot {
  privilegedSchemes: unknown[]
  protocolSchemes: string[]
  ipcChannels: string[]
  windows: { options: Record<string, unknown>; loadedUrl: string | null }[]
  forks: ForkedProcess[]
  lifecycle: string[]
  permissionHandlers: string[]
  errorBoxes: { title: string; content: string }[]
  exitCode: number | null
  /** The data folder's temp entries when the app quit (null: it has not quit). */
  tempAtQuit: string[] | null
  /** Unhandled rejections and uncaught exceptions. */
  problems: string[]
  /** What the app wrote with console.error. */
  loggedErrors: string[]
}
