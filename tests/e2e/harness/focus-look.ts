import type { Locator, Page } from 'playwright-core'

/** What the element under the keyboard's focus is: its data-testid, else its tag and text. */
export function focusedElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement
    if (!active || active === document.body) return 'body'
    const marked = active.closest('[data-testid]')?.getAttribute('data-testid')
    return marked ?? `${active.tagName.toLowerCase()} ${active.textContent?.trim().slice(0, 40)}`
  })
}

/**
 * Presses Tab (at most `limit` times) until focus is in an element matching `selector`, as a
 * keyboard user moves through the page; throws when it is never reached.
 */
export async function tabTo(page: Page, selector: string, limit = 120): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    const there = await page.evaluate(
      (selector) => document.activeElement?.matches(selector) ?? false,
      selector,
    )
    if (there) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`Tab never reached ${selector}; focus is on ${await focusedElement(page)}`)
}

/**
 * How many pixels around and on the focused element change when it loses focus: its focus
 * ring as drawn, around `drawnAs` (the element, or the box that shows its focus, as a menu row
 * does for its link). Focus is given back after (a programmatic focus after keyboard use shows
 * the ring again, as :focus-visible says).
 */
export async function focusRingPixels(
  page: Page,
  locator: Locator,
  drawnAs: Locator = locator,
): Promise<number> {
  // The element itself: a locator such as ':focus' finds nothing once focus has left.
  const element = (await locator.elementHandle())!
  const box = (await drawnAs.boundingBox())!
  const margin = 6
  const clip = {
    x: Math.max(0, box.x - margin),
    y: Math.max(0, box.y - margin),
    width: box.width + 2 * margin,
    height: box.height + 2 * margin,
  }
  await page.mouse.move(1, 1)
  const focused = await page.screenshot({ clip, animations: 'disabled' })
  await element.evaluate((node) => (node as HTMLElement).blur())
  const blurred = await page.screenshot({ clip, animations: 'disabled' })
  await element.focus()
  return page.evaluate(
    async ([a, b]) => {
      const pixels = async (base64: string) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
        const image = await createImageBitmap(new Blob([bytes], { type: 'image/png' }))
        const canvas = new OffscreenCanvas(image.width, image.height)
        const context = canvas.getContext('2d')!
        context.drawImage(image, 0, 0)
        return context.getImageData(0, 0, image.width, image.height).data
      }
      const [one, two] = [await pixels(a!), await pixels(b!)]
      let changed = 0
      for (let at = 0; at < one.length; at += 4) {
        const difference = Math.max(
          Math.abs(one[at]! - two[at]!),
          Math.abs(one[at + 1]! - two[at + 1]!),
          Math.abs(one[at + 2]! - two[at + 2]!),
        )
        // A clear change of colour, not anti-aliasing.
        if (difference > 60) changed++
      }
      return changed
    },
    [focused.toString('base64'), blurred.toString('base64')],
  )
}

/** A ring at least one pixel wide around the element's whole outline, in pixels. */
export async function ringPerimeter(locator: Locator): Promise<number> {
  const box = (await locator.boundingBox())!
  return 2 * (box.width + box.height)
}
