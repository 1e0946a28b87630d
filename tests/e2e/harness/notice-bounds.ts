import type { Page } from 'playwright-core'

/**
 * The notices shown now that reach past the navigation's column, where they would cover the
 * screen's forms: by their text, none if all fit.
 */
export async function noticesBeyondNavigation(page: Page): Promise<string[]> {
  const navigation = await page.getByTestId('navigation').boundingBox()
  if (!navigation) throw new Error('The navigation is not on screen.')
  const edge = navigation.x + navigation.width
  const notices = await page.locator('.n-message').evaluateAll((all) =>
    all.map((notice) => ({
      text: notice.textContent ?? '',
      right: notice.getBoundingClientRect().right,
    })),
  )
  return notices.filter((notice) => notice.right > edge).map((notice) => notice.text)
}
