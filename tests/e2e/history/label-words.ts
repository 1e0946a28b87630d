import type { Page } from 'playwright-core'

/**
 * The labels under `root` (table headers, form and description labels, card titles) whose
 * rendered text breaks a line inside a word: "Envi/ron/ment". Each character's box comes from
 * Range.getClientRects; two characters of one word (no space between them) on different lines
 * mean the word was split. Returns "label text: the split word" for each.
 */
export function labelsSplitInsideWords(page: Page, root: string): Promise<string[]> {
  return page.evaluate((rootSelector) => {
    const LABELS = [
      'th',
      '.label',
      '.n-form-item-label',
      '.n-descriptions-table-header',
      '.n-card-header__main',
      '.n-drawer-header__main',
    ].join(', ')
    const found: string[] = []
    for (const container of document.querySelectorAll(rootSelector)) {
      for (const label of container.querySelectorAll<HTMLElement>(LABELS)) {
        if (label.offsetParent === null) continue
        const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT)
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          // Each text node on its own: two stacked labels are two nodes, not one word.
          let previous: { top: number; height: number } | null = null
          let word = ''
          const text = node.textContent ?? ''
          for (let i = 0; i < text.length; i++) {
            if (/\s/.test(text[i]!)) {
              previous = null
              word = ''
              continue
            }
            const range = document.createRange()
            range.setStart(node, i)
            range.setEnd(node, i + 1)
            const box = range.getClientRects()[0]
            if (!box || box.width === 0) continue
            if (previous && Math.abs(box.top - previous.top) > previous.height / 2) {
              found.push(`${label.innerText.trim()}: ${word}|${text.slice(i).split(/\s/)[0]}`)
            }
            word += text[i]
            previous = { top: box.top, height: box.height }
          }
        }
      }
    }
    return found
  }, root)
}

/** The texts under `selector` that the window shows on more than one line ("27 нояб. / 2026 г."). */
export function textsOnSeveralLines(page: Page, selector: string): Promise<string[]> {
  return page.evaluate(
    (wanted) =>
      [...document.querySelectorAll<HTMLElement>(wanted)]
        .filter((element) => {
          const range = document.createRange()
          range.selectNodeContents(element)
          const lineTops = new Set([...range.getClientRects()].map((box) => Math.round(box.top)))
          return lineTops.size > 1
        })
        .map((element) => element.innerText),
    selector,
  )
}
