import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startAppServices, type AppServicesOptions } from '../../../main/app/app-services'
import type { FileDialogs, FileFilter } from '../../../main/platform/electron/dialogs'
import { createEventEmitter } from '../../../main/platform/electron/ipc'
import { forkLauncher } from '../../../main/platform/workers/fork-launcher'
import type { ReportFiles } from '../../../main/reports/report-files'
import { createKeytarSecretStore } from '../../../main/platform/keychain/keytar-secret-store'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { launchChromium, openApp, type AppPage } from './browser'
import { chromiumPrinter } from '../../fixtures/chromium-printer'
import { startHarness, type Harness } from './harness-server'
import { createIndexGate, type IndexGate } from './index-gate'

/** File dialogs answered by the test: the next path to "pick", or null for Cancel. */
export interface ScriptedDialogs extends FileDialogs {
  nextOpen: string | null
  nextSave: string | null
  /** The title of each dialog opened, in order: the window words it in its language. */
  titles: string[]
  /** The file-type filters of each dialog opened, in order, named in the window's language. */
  filters: FileFilter[][]
}

export interface AppUnderTest {
  harness: Harness
  dialogs: ScriptedDialogs
  /** Holds the reading of reports opened from now on, until the test lets it go. */
  indexGate: Pick<IndexGate, 'hold'>
  dataDir: string
  /** The report files the app serves by id, as main registers them. */
  reportFiles: ReportFiles
  opened: string[]
  close: () => Promise<void>
}

/**
 * The app's real services (store in a temp dir, the real keychain of the test session) behind
 * the e2e harness: only the window and the file dialogs are stand-ins.
 */
export async function startAppUnderTest(
  rendererDir = 'out/renderer',
  /** Options the app's services take that a suite may set (how often the team server is polled). */
  settings: Pick<AppServicesOptions, 'workspacePollMs'> = {},
): Promise<AppUnderTest> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gatedesk-e2e-'))
  const opened: string[] = []
  const dialogs: ScriptedDialogs = {
    nextOpen: null,
    nextSave: null,
    titles: [],
    filters: [],
    chooseFileToOpen: async ({ title, filters }) => {
      dialogs.titles.push(title)
      dialogs.filters.push(filters)
      return dialogs.nextOpen
    },
    chooseFileToSave: async ({ title, filters }) => {
      dialogs.titles.push(title)
      dialogs.filters.push(filters)
      return dialogs.nextSave
    },
  }
  let send: (event: string, payload: unknown) => void = () => undefined
  const printer = chromiumPrinter()
  const indexGate = createIndexGate()
  const services = await startAppServices({
    dataDir,
    version: '0.1.0-e2e',
    platform: 'linux',
    // A keychain service of its own per run, so runs never see each other's entries.
    secretStore: createKeytarSecretStore({ service: `GateDesk e2e ${process.pid} ${Date.now()}` }),
    dialogs,
    openExternal: async (url) => void opened.push(url),
    emit: createEventEmitter((event, payload) => send(event, payload)),
    logError: (message, error) => console.error(message, error),
    scripts: indexGate.scripts,
    launchProcess: forkLauncher,
    printer,
    ...settings,
  })
  const harness = await startHarness({
    rendererDir,
    handlers: services.handlers,
    reportFiles: services.reportFiles,
  })
  send = harness.emit
  return {
    harness,
    dialogs,
    indexGate,
    dataDir,
    reportFiles: services.reportFiles,
    opened,
    close: async () => {
      await harness.close()
      await services.close()
      await printer.close()
      indexGate.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Registers the suite's hooks: the app's services and a Chromium page opened on it before the
 * tests, both closed after. The getters are valid inside tests.
 */
export function useAppInBrowser(settings: Parameters<typeof startAppUnderTest>[1] = {}): {
  readonly gatedesk: AppUnderTest
  readonly app: AppPage
} {
  let gatedesk: AppUnderTest | undefined
  let browser: Browser | undefined
  let app: AppPage | undefined
  beforeAll(async () => {
    if (!existsSync('out/renderer/index.html')) {
      throw new Error('The renderer is not built: run "npm run build" (npm run test:e2e does it).')
    }
    gatedesk = await startAppUnderTest('out/renderer', settings)
    browser = await launchChromium()
    app = await openApp(browser, gatedesk.harness)
  })
  afterAll(async () => {
    await browser?.close()
    await gatedesk?.close()
  })
  return {
    get gatedesk() {
      return gatedesk!
    },
    get app() {
      return app!
    },
  }
}
