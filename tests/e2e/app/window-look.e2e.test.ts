import { existsSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sections } from '../../../renderer/src/app/sections'
import { startAppUnderTest, type AppUnderTest } from '../harness/app-under-test'
import { launchChromium, openApp, SCREENSHOT_DIR, type WindowLook } from '../harness/browser'
import { selectsThatCutText } from '../harness/select-fit'

/**
 * Window sizes as the user has them. Electron's zoom is Chromium's page zoom: the window keeps
 * its size in screen pixels while a CSS pixel grows, so 150 % of a 1280×800 window is a
 * 853×533 CSS-pixel page drawn at a device scale factor of 1.5 (media queries and layout see
 * 853 px, as they do in the app). CSS `zoom` would not: it leaves the viewport's width alone.
 */
const SIZES: Record<string, WindowLook> = {
  '1280x800': { viewport: { width: 1280, height: 800 } },
  '1024x700': { viewport: { width: 1024, height: 700 } },
  zoom150: { viewport: { width: 853, height: 533 }, deviceScaleFactor: 1.5 },
}
const SCHEMES = ['light', 'dark'] as const
/** The window's languages, by the OS locale the app starts in. */
const LANGUAGES = { en: 'en-US', ru: 'ru-RU' } as const

let gatedesk: AppUnderTest
let browser: Browser
beforeAll(async () => {
  if (!existsSync('out/renderer/index.html')) {
    throw new Error('The renderer is not built: run "npm run build" (npm run test:e2e does it).')
  }
  gatedesk = await startAppUnderTest()
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
  await gatedesk?.close()
})

/** Relative luminance (0 black … 1 white) of a computed CSS colour, or null when transparent. */
function luminance(color: string): number | null {
  const [r, g, b, a = 1] = (color.match(/[\d.]+/g) ?? []).map(Number)
  if (r === undefined || g === undefined || b === undefined || a < 0.5) return null
  const linear = (c: number) =>
    c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/** White or a light grey, not a coloured button or tag. */
function isGrey(color: string): boolean {
  const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).map(Number)
  return Math.max(r, g, b) - Math.min(r, g, b) < 24
}

/** What a user would notice on the screen shown now, measured in the page. */
async function inspectScreen(page: Page) {
  return page.evaluate(() => {
    const main = document.querySelector('main')!
    const mainBox = main.getBoundingClientRect()
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect()
      return box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < innerHeight
    }
    // Scrolled out of a scrolling box it is in: not covered, just further down.
    const scrolledAway = (element: Element) => {
      const box = element.getBoundingClientRect()
      const [x, y] = [box.left + box.width / 2, box.top + box.height / 2]
      for (let box = element.parentElement; box; box = box.parentElement) {
        const style = getComputedStyle(box)
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue
        const room = box.getBoundingClientRect()
        if (x < room.left || x > room.right || y < room.top || y > room.bottom) return true
      }
      return false
    }
    // A form control the user can see must be on top where it is drawn: not under a panel.
    const coveredInputs = [...main.querySelectorAll('input:not([type="hidden"]), textarea')]
      .filter((input) => visible(input) && !scrolledAway(input))
      .filter((input) => {
        const box = input.getBoundingClientRect()
        const x = Math.min(box.left + box.width / 2, mainBox.right - 1)
        const y = Math.min(Math.max(box.top + box.height / 2, 0), innerHeight - 1)
        const top = document.elementFromPoint(x, y)
        const field = input.closest('.n-input, .n-input-number, .n-base-selection, .n-date-picker')
        const inField = top !== null && (field ?? input).contains(top)
        return !inField || box.right > mainBox.right + 1
      })
      .map((input) => input.getAttribute('aria-label') ?? input.id ?? input.outerHTML.slice(0, 80))
    // The lines an element's text is drawn on: the distinct tops of its text's boxes.
    const lineCount = (element: Element) => {
      const tops: number[] = []
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        const range = document.createRange()
        range.selectNodeContents(text)
        for (const rect of range.getClientRects()) {
          if (rect.width > 0 && !tops.some((top) => Math.abs(top - rect.top) < 6))
            tops.push(rect.top)
        }
      }
      return tops.length
    }
    // Text squeezed into a column a few letters wide (a card title beside a long tag, a table
    // header beside columns that do not wrap): more lines than it has words.
    const squeezedText = [
      ...main.querySelectorAll('.n-card-header__main, th, .n-form-item-label, .n-tabs-tab'),
    ]
      .filter((element) => visible(element) && element.textContent!.trim() !== '')
      .filter((element) => lineCount(element) > element.textContent!.trim().split(/\s+/).length)
      .map((element) => element.textContent)
    // An amount drawn on more than one line.
    const brokenAmounts = [...main.querySelectorAll('td.amount, td.nowrap')]
      .filter((cell) => lineCount(cell) > 1)
      .map((cell) => cell.textContent)
    const backgrounds = [...main.querySelectorAll('*')]
      .filter(visible)
      .map((element) => getComputedStyle(element).backgroundColor)
    // Dates are for people: in their locale's words, never as ISO 8601 text.
    const isoTimestamps = main.innerText.match(/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/g) ?? []
    return {
      isoTimestamps,
      overflow: main.scrollWidth - main.clientWidth,
      pageOverflow: document.documentElement.scrollWidth - innerWidth,
      coveredInputs,
      squeezedText,
      brokenAmounts,
      body: getComputedStyle(document.body).backgroundColor,
      text: getComputedStyle(main.querySelector('h2') ?? main).color,
      backgrounds: [...new Set(backgrounds)],
    }
  })
}

async function showSection(page: Page, index: number) {
  await page.keyboard.press(`Control+${index + 1}`)
  await expect.poll(() => new URL(page.url()).hash).toBe(`#${sections[index]!.path}`)
  await expect.poll(() => page.locator('main h2').first().isVisible()).toBe(true)
  // Screens fill in from main (environments, templates, the sandbox): let them settle.
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(300)
}

describe('every screen at every size, light and dark, in English and Russian', () => {
  for (const [size, look] of Object.entries(SIZES)) {
    for (const scheme of SCHEMES) {
      for (const [language, locale] of Object.entries(LANGUAGES)) {
        it(`is usable at ${size} in ${scheme}, in ${language}`, async () => {
          const app = await openApp(browser, gatedesk.harness, {
            ...look,
            colorScheme: scheme,
            locale,
          })
          try {
            for (const [index, section] of sections.entries()) {
              await showSection(app.page, index)
              await app.screenshot(`window-${size}-${scheme}-${language}-${section.id}`)
              const screen = await inspectScreen(app.page)
              const where = `${section.id} at ${size} in ${scheme}, ${language}`
              expect(screen.overflow, `${where}: content wider than its room`).toBeLessThanOrEqual(
                1,
              )
              expect(
                screen.pageOverflow,
                `${where}: the window scrolls sideways`,
              ).toBeLessThanOrEqual(0)
              expect(screen.coveredInputs, `${where}: inputs hidden under something`).toEqual([])
              expect(screen.squeezedText, `${where}: text squeezed`).toEqual([])
              expect(screen.brokenAmounts, `${where}: amounts broken over lines`).toEqual([])
              expect(screen.isoTimestamps, `${where}: raw timestamps`).toEqual([])
              expect(await selectsThatCutText(app.page), `${where}: selects`).toEqual([])
              const body = luminance(screen.body)!
              const text = luminance(screen.text)!
              if (scheme === 'dark') {
                expect(body, `${where}: background`).toBeLessThan(0.05)
                expect(text, `${where}: heading text`).toBeGreaterThan(0.5)
                // No panel keeps a light background of its own in the dark.
                const light = screen.backgrounds.filter(
                  (color) => (luminance(color) ?? 0) > 0.5 && isGrey(color),
                )
                expect(light, `${where}: light backgrounds`).toEqual([])
              } else {
                expect(body, `${where}: background`).toBeGreaterThan(0.9)
                expect(text, `${where}: heading text`).toBeLessThan(0.1)
              }
            }
            expect(app.pageErrors).toEqual([])
            expect(await app.cspViolations()).toEqual([])
          } finally {
            await app.page.context().close()
          }
        })
      }
    }
  }
})

describe('the window preferences', () => {
  it('follows the OS theme live, and keeps a manual choice across restarts', async () => {
    const app = await openApp(browser, gatedesk.harness, {
      viewport: { width: 1280, height: 800 },
      colorScheme: 'light',
    })
    const { page } = app
    const theme = () => page.evaluate(() => document.documentElement.dataset['theme'])
    try {
      await expect.poll(theme).toBe('light')
      await page.emulateMedia({ colorScheme: 'dark' })
      await expect.poll(theme).toBe('dark')

      await page.getByTestId('theme-switch').click()
      await page.locator('.n-base-select-option', { hasText: /^Light$/ }).click()
      await expect.poll(theme).toBe('light')
      await page.reload()
      await expect.poll(theme).toBe('light')
      expect(
        luminance(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)),
      ).toBeGreaterThan(0.9)

      await page.getByTestId('theme-switch').click()
      await page.locator('.n-base-select-option', { hasText: 'As the system' }).click()
      await expect.poll(theme).toBe('dark')
    } finally {
      await page.context().close()
    }
  })

  it('folds the navigation by keyboard, keeps it folded, and starts folded on a narrow window', async () => {
    const narrow = await openApp(browser, gatedesk.harness, SIZES['zoom150']!)
    const sider = () => narrow.page.getByTestId('navigation').boundingBox()
    try {
      await expect.poll(async () => (await sider())?.width).toBe(56)
      // Folded, each section is still a link, by its icon.
      await narrow.page.getByRole('link', { name: 'Keys & environments' }).click()
      await expect.poll(() => new URL(narrow.page.url()).hash).toBe('#/keys')

      const toggle = narrow.page.getByTestId('navigation-toggle')
      expect(await toggle.getAttribute('aria-expanded')).toBe('false')
      await toggle.focus()
      await narrow.page.keyboard.press('Enter')
      await expect.poll(async () => (await sider())?.width).toBe(240)
      expect(await toggle.getAttribute('aria-expanded')).toBe('true')
      await narrow.page.reload()
      await expect.poll(async () => (await sider())?.width).toBe(240)

      await narrow.page.keyboard.press('Control+b')
      await expect.poll(async () => (await sider())?.width).toBe(56)
      await narrow.page.reload()
      await expect.poll(async () => (await sider())?.width).toBe(56)
      await narrow.page.keyboard.press('Control+b')
      await expect.poll(async () => (await sider())?.width).toBe(240)
      expect(narrow.pageErrors).toEqual([])
    } finally {
      await narrow.page.context().close()
    }
  })
})

describe('dates and times', () => {
  it('are written in the window language, as its speakers write them', async () => {
    const app = await openApp(browser, gatedesk.harness)
    const { page } = app
    const firstTime = () =>
      page.getByTestId('transactions').locator('tbody tr td:nth-child(2)').first().textContent()
    try {
      await page.keyboard.press('Control+5')
      // The demo's transactions, as "5 Nov 2026, 11:31:53" or "Nov 5, 2026, 11:31:53 AM".
      await expect.poll(firstTime).toMatch(/^\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}:\d{2}\s[AP]M$/)

      await page.getByTestId('language-switch').click()
      await page.locator('.n-base-select-option', { hasText: 'Русский' }).click()
      // "5 нояб. 2026 г., 11:31:53"
      await expect.poll(firstTime).toMatch(/^\d{1,2} [а-я]{3,5}\.? \d{4} г\., \d{2}:\d{2}:\d{2}$/)
    } finally {
      await page.context().close()
    }
  })
})

// Where the screenshots went, for whoever reads the run's output.
afterAll(() => console.info(`Window screenshots: ${SCREENSHOT_DIR}/window-*.png`))
