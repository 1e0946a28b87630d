import type { Page } from 'playwright-core'

/**
 * Notes, in every frame the window paints from now on, the text an element shows while it is
 * there: proof that something brief (a spinner, a progress figure) was on screen and that the
 * window kept painting while it changed, however fast the work behind it ends.
 * Returns a reader of the texts seen, in the order first seen.
 */
export async function notePaintedTexts(
  page: Page,
  testId: string,
): Promise<() => Promise<string[]>> {
  const key = `__painted_${testId}`
  await page.evaluate(
    ({ key, testId }) => {
      const seen = new Set<string>()
      Object.assign(window, { [key]: seen })
      const note = () => {
        const shown = document.querySelector(`[data-testid="${testId}"]`)?.textContent
        if (shown !== undefined && shown !== null) seen.add(shown)
        requestAnimationFrame(note)
      }
      note()
    },
    { key, testId },
  )
  return () =>
    page.evaluate((key) => [...(window as unknown as Record<string, Set<string>>)[key]!], key)
}
