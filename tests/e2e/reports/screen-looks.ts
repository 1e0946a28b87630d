import type { Harness } from '../harness/harness-server'
import { openApp, type AppPage } from '../harness/browser'

/**
 * Saves the screen as people see it: `name` (light, English, 1280×800), then `-dark`, `-ru`
 * (Russian) and `-1024` (1024×700); the window is back as it was after. `russian: false` while a
 * modal covers the language switch. (150 % is a window of its own: atZoom150.)
 */
export async function screenLooks(
  app: AppPage,
  name: string,
  { russian = true }: { russian?: boolean } = {},
): Promise<void> {
  const { page } = app
  // No hover tooltip over what is being looked at.
  await page.mouse.move(1, 1)
  await app.screenshot(name)
  await app.scheme('dark')
  await app.screenshot(`${name}-dark`)
  await app.scheme('light')
  if (russian) {
    await chooseLanguage(app, 'Русский')
    await app.screenshot(`${name}-ru`)
    await chooseLanguage(app, 'English')
  }
  await page.setViewportSize({ width: 1024, height: 700 })
  await app.screenshot(`${name}-1024`)
  await page.setViewportSize({ width: 1280, height: 800 })
}

/**
 * A second window on the same app at Electron's 150 % zoom of 1280×800 (an 853×533 CSS-pixel
 * page at a device scale of 1.5), opened at that size as the app starts (the navigation starts
 * folded there), for `use`; closed after. `locale: 'ru-RU'` starts it in Russian (its language
 * switch is folded away at that size).
 */
export async function atZoom150(
  app: AppPage,
  harness: Harness,
  use: (zoomed: AppPage) => Promise<void>,
  { locale }: { locale?: string } = {},
): Promise<void> {
  const browser = app.page.context().browser()!
  const zoomed = await openApp(browser, harness, {
    viewport: { width: 853, height: 533 },
    deviceScaleFactor: 1.5,
    ...(locale ? { locale } : {}),
  })
  try {
    await use(zoomed)
  } finally {
    await zoomed.page.context().close()
  }
}

export async function chooseLanguage(app: AppPage, language: string) {
  await app.page.getByTestId('language-switch').click()
  await app.page.locator('.n-base-select-option').getByText(language, { exact: true }).click()
  await app.page.mouse.move(1, 1)
}
