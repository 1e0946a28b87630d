import { mkdirSync } from 'node:fs'
import { chromium, type Browser, type Page } from 'playwright-core'
import type { Harness } from './harness-server'

/** Debian's Chromium, as these machines have it; no browser is downloaded. */
export const CHROMIUM_PATH = process.env['GATEDESK_CHROMIUM'] ?? '/usr/bin/chromium'

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  })
}

export interface AppPage {
  page: Page
  /** Content Security Policy violations the page reported. */
  cspViolations: () => Promise<string[]>
  /** Uncaught errors and console errors (Vue reports failed components there). */
  pageErrors: string[]
  screenshot: (name: string) => Promise<string>
  /** Sets the OS's theme, and waits until the window draws in it (unless the user chose one). */
  scheme: (scheme: 'light' | 'dark') => Promise<void>
}

export const SCREENSHOT_DIR = 'test-results/screens'

/** How the window looks: its size in CSS pixels, Electron's zoom as the scale, the OS theme. */
export interface WindowLook {
  viewport: { width: number; height: number }
  /** Electron's page zoom: CSS pixels per screen pixel, as devicePixelRatio reports it. */
  deviceScaleFactor?: number
  colorScheme?: 'light' | 'dark'
  /** The OS language, as navigator.languages reports it: 'ru-RU' starts the window in Russian. */
  locale?: string
}

/** Opens the app in a fresh browser context with the preload injected as Electron would. */
export async function openApp(
  browser: Browser,
  harness: Harness,
  look: WindowLook = { viewport: { width: 1280, height: 800 } },
): Promise<AppPage> {
  const context = await browser.newContext({ colorScheme: 'light', locale: 'en-US', ...look })
  const page = await context.newPage()
  const pageErrors: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text())
  })
  // On the context, so a second window of the same profile gets the preload too, as in Electron.
  await context.addInitScript(() => {
    const violations: string[] = []
    ;(window as unknown as { __cspViolations: string[] }).__cspViolations = violations
    document.addEventListener('securitypolicyviolation', (event) => {
      violations.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline code'}`)
    })
  })
  await context.addInitScript(
    `globalThis.__GATEDESK_HARNESS__ = { token: ${JSON.stringify(harness.token)} }`,
  )
  await context.addInitScript(harness.preloadScript)
  await page.goto(harness.url)
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  return {
    page,
    pageErrors,
    cspViolations: () =>
      page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations),
    screenshot: async (name) => {
      const path = `${SCREENSHOT_DIR}/${name}.png`
      await page.screenshot({ path, animations: 'disabled' })
      return path
    },
    scheme: async (scheme) => {
      await page.emulateMedia({ colorScheme: scheme })
      // The window follows the OS's theme a task later: a screenshot at once could miss it.
      await page.waitForFunction((wanted) => {
        const chosen = localStorage.getItem('gatedesk.color-scheme')
        const followsOs = chosen === null || chosen === 'system'
        return !followsOs || document.documentElement.dataset['theme'] === wanted
      }, scheme)
      await page.evaluate(
        () => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))),
      )
    },
  }
}
