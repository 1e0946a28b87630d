// Stands in for the `electron` module when the BUILT main process (out/main/index.js) runs in
// plain Node (boot-built-main.ts maps the bundle's `import 'electron'` here). It records what the
// composition root asks of Electron and behaves as Electron does where the app depends on it:
// ready, quit's events, one handler per channel, and utility processes that really start (as
// Node forks), so the sandbox process runs as it does in the app. It refuses any script inside
// app.asar (refuse-asar-scripts.ts), in these processes and in the runner's worker threads.
import { fork, type ChildProcess } from 'node:child_process'
import { EventEmitter } from 'node:events'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

type IpcListener = (event: unknown, payload: unknown) => unknown
type ProtocolHandler = (request: Request) => Response | Promise<Response>

/** A process started by utilityProcess.fork, as the test follows it. */
export interface ForkedProcess {
  file: string
  serviceName: string | undefined
  pid: number | undefined
  /** Its exit code, or the signal that ended it; null while it runs. */
  exit: number | string | null
}

/** What the app asked of Electron, in the order it asked. */
export const recorded = {
  privilegedSchemes: [] as unknown[],
  protocolHandlers: new Map<string, ProtocolHandler>(),
  ipcHandlers: new Map<string, IpcListener>(),
  windows: [] as BrowserWindow[],
  forks: [] as ForkedProcess[],
  /** The app lifecycle events emitted, by name, in order. */
  lifecycle: [] as string[],
  errorBoxes: [] as { title: string; content: string }[],
  exitCode: null as number | null,
  permissionHandlers: [] as string[],
  /**
   * What the data folder's temp held when the process quit: Electron exits right after quit,
   * so anything the app's closing had not finished by then is left behind.
   */
  tempAtQuit: null as string[] | null,
}

let userData = ''
/** What every save dialog answers: a file, or null for Cancel. */
let savedFile: string | null = null
let markReady: () => void = () => undefined
const ready = new Promise<void>((resolve) => (markReady = resolve))

/** What the runner sets before the bundle loads: the bundle reads userData at import. */
export function configureStandIn(options: { userData: string }): void {
  userData = options.userData
}

/** The file every save dialog chooses from now on, as if the user had picked it. */
export function answerSaveDialogsWith(file: string): void {
  savedFile = file
}

/** Electron's `ready`: whenReady() settles and the app's start-up runs. */
export function becomeReady(): void {
  app.emit('ready')
  markReady()
}

/** An event a listener may cancel, as Electron passes to before-quit, will-quit and close. */
function cancellableEvent() {
  const event = { defaultPrevented: false, preventDefault: () => (event.defaultPrevented = true) }
  return event
}

/** Emits a lifecycle event, records it, and tells whether a listener cancelled it. */
function emitLifecycle(target: EventEmitter, name: string, ...args: unknown[]): boolean {
  recorded.lifecycle.push(name)
  const event = cancellableEvent()
  target.emit(name, event, ...args)
  return event.defaultPrevented
}

class App extends EventEmitter {
  readonly name = 'GateDesk'
  // As installed: the configuration users run.
  readonly isPackaged = true

  getPath(name: string): string {
    if (name !== 'userData') throw new Error(`the stand-in knows only userData, not ${name}`)
    return userData
  }
  getVersion(): string {
    return '0.1.0'
  }
  /** The system's language: what a start-up failure is said in, before the window exists. */
  getLocale(): string {
    return 'en-US'
  }
  requestSingleInstanceLock(): boolean {
    return true
  }
  whenReady(): Promise<void> {
    return ready
  }
  /** As Electron's: before-quit, every window closed, will-quit, then quit, unless cancelled. */
  quit(): void {
    if (emitLifecycle(this, 'before-quit')) return
    for (const window of [...recorded.windows]) window.close()
    if (emitLifecycle(this, 'will-quit')) return
    const temp = join(userData, 'temp')
    recorded.tempAtQuit = existsSync(temp) ? readdirSync(temp) : []
    emitLifecycle(this, 'quit', 0)
  }
  exit(code = 0): void {
    recorded.exitCode = code
  }
}

export const app = new App()

class WebContents extends EventEmitter {
  readonly sent: { channel: string; payload: unknown }[] = []
  send(channel: string, payload: unknown): void {
    this.sent.push({ channel, payload })
  }
  setWindowOpenHandler(): void {}
}

export class BrowserWindow extends EventEmitter {
  readonly webContents = new WebContents()
  loadedUrl: string | null = null

  constructor(readonly options: Record<string, unknown>) {
    super()
    recorded.windows.push(this)
    app.emit('web-contents-created', {}, this.webContents)
  }
  static getAllWindows(): BrowserWindow[] {
    return [...recorded.windows]
  }
  loadURL(url: string): Promise<void> {
    this.loadedUrl = url
    return Promise.resolve()
  }
  close(): void {
    if (emitLifecycle(this, 'close')) return
    recorded.windows.splice(recorded.windows.indexOf(this), 1)
    this.emit('closed')
  }
  getNormalBounds() {
    const { x = 0, y = 0, width = 0, height = 0 } = this.options as Record<string, number>
    return { x, y, width, height }
  }
  isMaximized = () => false
  isMinimized = () => false
  maximize(): void {}
  restore(): void {}
  focus(): void {}
  show(): void {}
}

export const ipcMain = {
  handle(channel: string, listener: IpcListener): void {
    // Electron refuses a second handler for a channel.
    if (recorded.ipcHandlers.has(channel))
      throw new Error(`Attempted to register a second handler for '${channel}'`)
    recorded.ipcHandlers.set(channel, listener)
  },
}

export const protocol = {
  registerSchemesAsPrivileged(schemes: unknown[]): void {
    recorded.privilegedSchemes.push(...schemes)
  },
  handle(scheme: string, handler: ProtocolHandler): void {
    recorded.protocolHandlers.set(scheme, handler)
  },
}

export const session = {
  defaultSession: {
    setPermissionRequestHandler: () => void recorded.permissionHandlers.push('request'),
    setPermissionCheckHandler: () => void recorded.permissionHandlers.push('check'),
  },
}

export const screen = {
  getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
}

export const Menu = {
  buildFromTemplate: (template: unknown) => ({ template }),
  setApplicationMenu(): void {},
}

export const nativeTheme = { themeSource: 'system' }

export const shell = { openExternal: () => Promise.resolve() }

export const dialog = {
  showErrorBox(title: string, content: string): void {
    recorded.errorBoxes.push({ title, content })
  },
  showOpenDialog: () => Promise.resolve({ canceled: true, filePaths: [] }),
  showSaveDialog: () =>
    Promise.resolve(savedFile ? { canceled: false, filePath: savedFile } : { canceled: true }),
}

/** Electron's UtilityProcess surface over a Node child: postMessage, message, exit(code). */
class UtilityProcess extends EventEmitter {
  constructor(private readonly child: ChildProcess) {
    super()
    child.on('message', (message) => this.emit('message', message))
    child.on('spawn', () => this.emit('spawn'))
  }
  get pid(): number | undefined {
    return this.child.pid
  }
  postMessage(message: unknown): void {
    this.child.send(message as object, () => undefined)
  }
  kill(): boolean {
    return this.child.kill()
  }
}

const REFUSE_ASAR_SCRIPTS = new URL('./refuse-asar-scripts.ts', import.meta.url).href

export const utilityProcess = {
  fork(
    file: string,
    args: string[] = [],
    options: { serviceName?: string; execArgv?: string[] } = {},
  ): UtilityProcess {
    const child = fork(file, args, {
      // Not this runner's loaders: the child runs the bundled script as Electron would, but
      // for its refusal of scripts inside app.asar.
      execArgv: [...(options.execArgv ?? []), '--import', REFUSE_ASAR_SCRIPTS],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    const forked: ForkedProcess = {
      file,
      serviceName: options.serviceName,
      pid: child.pid,
      exit: null,
    }
    recorded.forks.push(forked)
    const utility = new UtilityProcess(child)
    child.once('exit', (code, signal) => {
      forked.exit = code ?? signal
      utility.emit('exit', code ?? 1)
    })
    return utility
  },
}
