import { describe, expect, it } from 'vitest'
import { en } from '../../../preload/contract/locales/en'
import { sections as sectionList } from '../../../renderer/src/app/sections'
import { useAppInBrowser } from '../harness/app-under-test'

const suite = useAppInBrowser()
const titles = sectionList.map((section) => en.shell.sections[section.id].title)
/** Electron's 150 % zoom of 1280×800 in CSS pixels: narrow enough for the navigation to fold. */
const NARROW = { width: 853, height: 533 }
const WIDE = { width: 1280, height: 800 }

/** The text each section's entry in the navigation shows, in order. */
const menuLabels = () =>
  suite.app.page
    .locator('.n-menu-item-content-header')
    .evaluateAll((headers) => headers.map((header) => header.textContent))

async function resizeTo(size: typeof NARROW, folded: boolean) {
  const { page } = suite.app
  await page.setViewportSize(size)
  await expect
    .poll(() => page.getByTestId('navigation').getAttribute('class'))
    .toMatch(folded ? /n-layout-sider--collapsed/ : /^(?!.*n-layout-sider--collapsed)/)
}

describe('the app shell as the window narrows and widens', () => {
  it.each([en.shell.sections.reports.title, en.shell.sections.history.title])(
    'keeps the navigation whole on %s, with no error, narrow → wide → narrow',
    async (screen) => {
      const { page, pageErrors } = suite.app
      const errorsBefore = pageErrors.length
      await page.getByRole('link', { name: screen }).click()
      await expect.poll(() => page.getByRole('heading', { name: screen }).isVisible()).toBe(true)
      for (const [size, folded] of [
        [NARROW, true],
        [WIDE, false],
        [NARROW, true],
        [WIDE, false],
      ] as const) {
        await resizeTo(size, folded)
        expect(pageErrors.slice(errorsBefore)).toEqual([])
        // Each section once: folded, its icon is the link; unfolded, its label is.
        await expect.poll(menuLabels).toEqual(titles)
        for (const title of titles) {
          await expect
            .poll(() => page.getByRole('link', { name: title, exact: true }).count(), {
              message: title,
            })
            .toBe(1)
        }
      }
      await suite.app.screenshot(`window-resized-${screen.toLowerCase()}`)
      expect(await page.getByRole('heading', { name: screen }).isVisible()).toBe(true)
      expect(pageErrors.slice(errorsBefore)).toEqual([])
    },
  )
})
