// Runs the BUILT main process (argv: out/main/index.js, a userData folder) in this Node process,
// with electron-stand-in.ts as its `electron`, and answers the test's requests over the IPC
// channel: boot, fetch an app:// URL, invoke a channel as some sender, quit. Its own process so
// that an unhandled rejection or an uncaught exception of the app is seen, not the test's.
import { registerHooks } from 'node:module'
import { pathToFileURL } from 'node:url'
import { eventually } from '../../../fixtures/eventually'
import {
  answerSaveDialogsWith,
  app,
  becomeReady,
  configureStandIn,
  recorded,
} from './electron-stand-in'
import type { MainProcessRequest, MainProcessSnapshot } from './main-process-requests'
import './refuse-asar-scripts'

const [bundleFile, userData] = process.argv.slice(2)
if (!bundleFile || !userData) throw new Error('usage: boot-built-main.ts <index.js> <userData>')

const standInUrl = new URL('./electron-stand-in.ts', import.meta.url).href
registerHooks({
  resolve: (specifier, context, nextResolve) =>
    specifier === 'electron'
      ? { url: standInUrl, shortCircuit: true }
      : nextResolve(specifier, context),
})

const problems: string[] = []
process.on('unhandledRejection', (reason) => problems.push(`unhandledRejection: ${textOf(reason)}`))
process.on('uncaughtException', (error) => problems.push(`uncaughtException: ${textOf(error)}`))
const loggedErrors: string[] = []
const logError = console.error.bind(console)
console.error = (...args: unknown[]) => {
  loggedErrors.push(args.map(textOf).join(' '))
  logError(...args)
}

function textOf(value: unknown): string {
  return value instanceof Error ? (value.stack ?? value.message) : String(value)
}

function snapshot(): MainProcessSnapshot {
  return {
    privilegedSchemes: recorded.privilegedSchemes,
    protocolSchemes: [...recorded.protocolHandlers.keys()],
    ipcChannels: [...recorded.ipcHandlers.keys()],
    windows: recorded.windows.map((window) => ({
      options: window.options,
      loadedUrl: window.loadedUrl,
    })),
    forks: recorded.forks.map((forked) => ({ ...forked })),
    lifecycle: recorded.lifecycle,
    permissionHandlers: recorded.permissionHandlers,
    errorBoxes: recorded.errorBoxes,
    exitCode: recorded.exitCode,
    tempAtQuit: recorded.tempAtQuit,
    problems,
    loggedErrors,
  }
}

async function boot(): Promise<MainProcessSnapshot> {
  configureStandIn({ userData: userData! })
  await import(pathToFileURL(bundleFile!).href)
  becomeReady()
  // Start-up is over when the window opens, or when the app gives up (an error box, exit).
  await eventually(
    () => (recorded.windows.length > 0 || recorded.exitCode !== null ? true : undefined),
    'the main window or a start-up failure',
    60_000,
  )
  return snapshot()
}

async function fetchAppUrl(url: string) {
  const handler = recorded.protocolHandlers.get(new URL(url).protocol.slice(0, -1))
  if (!handler) throw new Error(`no protocol handler for ${url}`)
  const response = await handler(new Request(url))
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    body: await response.text(),
  }
}

async function invoke(channel: string, payload: unknown, senderFrame: unknown) {
  const listener = recorded.ipcHandlers.get(channel)
  if (!listener) throw new Error(`no handler for ${channel}`)
  return listener({ senderFrame }, payload)
}

/** Quits as the user would, then waits (as Electron does not) for the processes it started. */
async function quit(): Promise<MainProcessSnapshot> {
  app.quit()
  // The app may hold the quit until its services have closed, then quit again.
  await eventually(
    () => (recorded.lifecycle.includes('quit') ? true : undefined),
    'the app to quit',
    15_000,
  ).catch(() => undefined)
  await eventually(
    () => (recorded.forks.every((forked) => forked.exit !== null) ? true : undefined),
    'every utility process to end after quit',
    15_000,
  ).catch(() => undefined)
  return snapshot()
}

async function answer(request: MainProcessRequest): Promise<unknown> {
  switch (request.kind) {
    case 'boot':
      return boot()
    case 'fetch':
      return fetchAppUrl(request.url)
    case 'invoke':
      return invoke(request.channel, request.payload, request.senderFrame)
    case 'quit':
      return quit()
    case 'answer-save-dialogs':
      return answerSaveDialogsWith(request.file)
  }
}

process.on('message', (message) => {
  const request = message as MainProcessRequest & { id: number }
  answer(request).then(
    (result) => process.send!({ id: request.id, ok: true, result }),
    (error: unknown) => {
      // The stack goes to the test's output; the reply carries the message only, which the
      // test's runner would otherwise read as frames of its own.
      logError(`"${request.kind}" failed:`, error)
      process.send!({
        id: request.id,
        ok: false,
        error: String((error as Error)?.message ?? error),
      })
    },
  )
})
