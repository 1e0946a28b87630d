import type { Page } from 'playwright-core'

/**
 * Selects people cannot read whole: the chosen value cut off ("Неизвестен: проверку типа
 * выполни…"), or a select narrower than one of its options, which would be cut off once chosen.
 * Each select under `root` is opened and closed again (Escape): nothing is chosen. Returns one
 * line per select that does not fit, naming it and the text that does not.
 */
export async function selectsThatCutText(page: Page, root = 'main'): Promise<string[]> {
  const selections = page.locator(`${root} .n-base-selection:visible`)
  const problems: string[] = []
  for (let index = 0; index < (await selections.count()); index++) {
    const selection = selections.nth(index)
    // Several values are tags that wrap onto more lines: nothing is cut off there.
    if (await selection.locator('.n-base-selection-tags').count()) continue
    const [shown] = await selection.evaluate(measure, 'selection' as const)
    if (!shown) continue
    if (shown.clipped) problems.push(`${shown.name}: shows "${shown.text}" cut off`)
    if (await selection.evaluate((s) => s.classList.contains('n-base-selection--disabled')))
      continue
    await selection.scrollIntoViewIfNeeded()
    await selection.click()
    const menu = page.locator('.n-base-select-menu:visible').last()
    await menu.waitFor()
    const options = await menu.evaluate(measure, 'menu' as const)
    await page.keyboard.press('Escape')
    await menu.waitFor({ state: 'hidden' })
    for (const option of options.filter((o) => o.width > shown.room + 1))
      problems.push(
        `${shown.name}: "${option.text}" (${Math.round(option.width)} px) would be cut off ` +
          `once chosen (${Math.round(shown.room)} px)`,
      )
  }
  return problems
}

/**
 * In the page (one function: the browser gets its source alone). For a closed select: what it
 * shows, whether that runs past the box that clips it, and the room any value has. For an open
 * menu: each option's text and width.
 */
function measure(element: Element, part: 'selection' | 'menu') {
  // Where a text is laid out, overflow included (a clipped text keeps its whole width): from
  // its first letter to its last, over its text nodes rather than their elements' boxes.
  const textExtent = (holder: Element) => {
    let left = Infinity
    let right = -Infinity
    const walker = document.createTreeWalker(holder, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange()
      range.selectNodeContents(node)
      for (const rect of range.getClientRects()) {
        if (rect.width === 0) continue
        left = Math.min(left, rect.left)
        right = Math.max(right, rect.right)
      }
    }
    return { left, right, width: Math.max(0, right - left) }
  }
  const contentBox = (box: Element) => {
    const style = getComputedStyle(box)
    const edges = box.getBoundingClientRect()
    return {
      left: edges.left + parseFloat(style.paddingLeft) + parseFloat(style.borderLeftWidth),
      right: edges.right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth),
    }
  }
  if (part === 'menu') {
    return [...element.querySelectorAll('.n-base-select-option__content')].map((content) => ({
      name: '',
      text: content.textContent ?? '',
      width: textExtent(content).width,
      clipped: false,
      room: 0,
    }))
  }
  const text = element.querySelector(
    '.n-base-selection-input__content, .n-base-selection-overlay__wrapper',
  )
  if (!text) return []
  // The box that clips the text: the nearest one, up to the selection, that hides overflow.
  let clip: Element = text
  while (clip !== element && getComputedStyle(clip).overflowX === 'visible')
    clip = clip.parentElement!
  // The room any value has: the label inside its padding (which keeps clear of the arrow).
  const room = contentBox(
    text.closest('.n-base-selection-input, .n-base-selection-overlay') ?? clip,
  )
  const drawn = textExtent(text)
  const labelled = element.closest('[aria-label], [data-testid]')
  return [
    {
      name: labelled?.getAttribute('aria-label') ?? labelled?.getAttribute('data-testid') ?? '',
      text: text.textContent ?? '',
      width: drawn.width,
      clipped: drawn.width > 0 && drawn.right > contentBox(clip).right + 1,
      room: room.right - room.left,
    },
  ]
}
