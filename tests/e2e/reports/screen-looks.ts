import type { AppPage } from '../harness/browser'

/**
 * Saves the screen as people see it: `name` (light, English, 1280×800), then `-dark`, `-ru`
 * (Russian), `-1024` (1024×700) and `-150` (Electron's 150 % zoom of a 1280×800 window: an
 * 853×533 CSS-pixel page; the pixels are not scaled, the layout is the one people get). The
 * window is back as it was after. `russian: false` while a modal covers the language switch.
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
  await page.emulateMedia({ colorScheme: 'dark' })
  await app.screenshot(`${name}-dark`)
  await page.emulateMedia({ colorScheme: 'light' })
  if (russian) {
    await chooseLanguage(app, 'Русский')
    await app.screenshot(`${name}-ru`)
    await chooseLanguage(app, 'English')
  }
  await page.setViewportSize({ width: 1024, height: 700 })
  await app.screenshot(`${name}-1024`)
  await page.setViewportSize({ width: 853, height: 533 })
  await app.screenshot(`${name}-150`)
  await page.setViewportSize({ width: 1280, height: 800 })
}

export async function chooseLanguage(app: AppPage, language: string) {
  await app.page.getByTestId('language-switch').click()
  await app.page.locator('.n-base-select-option').getByText(language, { exact: true }).click()
  await app.page.mouse.move(1, 1)
}
