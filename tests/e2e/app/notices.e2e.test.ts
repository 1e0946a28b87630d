import { describe, expect, it } from 'vitest'
import { useAppInBrowser } from '../harness/app-under-test'
import { noticesBeyondNavigation } from '../harness/notice-bounds'
import { chooseLanguage } from '../reports/screen-looks'

// One notification host for the whole window: identical notices are one, at most two are shown,
// never over the screen's forms or drawers (they sit in the navigation's column), and they go
// when the user moves to another screen.
const suite = useAppInBrowser()
const page = () => suite.app.page
const byTestId = (id: string) => page().getByTestId(id)
const notices = () => page().locator('.n-message')
// The second number on the page: after the simulated clock's days.
const requests = () => page().locator('.n-input-number input').nth(1)

async function injectFaults(count: number) {
  await requests().fill(String(count))
  await requests().blur()
  await byTestId('inject-fault').click()
}

describe('notifications', () => {
  it('merges identical notices, shows at most two, beside the screen, and clears them on leaving it', async () => {
    await page().getByRole('link', { name: 'Sandbox' }).click()
    await expect.poll(() => byTestId('sandbox-running').isVisible()).toBe(true)
    for (let click = 0; click < 3; click++) await injectFaults(1)
    await expect.poll(() => notices().count()).toBe(1)

    await injectFaults(2)
    await injectFaults(3)
    await expect.poll(() => notices().count()).toBe(2)
    await expect
      .poll(() => notices().allTextContents())
      .toEqual([
        expect.stringContaining('The next 2 requests'),
        expect.stringContaining('The next 3 requests'),
      ])
    expect(await noticesBeyondNavigation(page())).toEqual([])
    await suite.app.screenshot('notices-beside-the-screen')

    await page().getByRole('link', { name: 'Keys & environments' }).click()
    await expect.poll(() => notices().count()).toBe(0)
  })

  it('clears the notices of one language when the user picks another', async () => {
    await page().getByRole('link', { name: 'Sandbox' }).click()
    await expect.poll(() => byTestId('sandbox-running').isVisible()).toBe(true)
    await injectFaults(2)
    await expect
      .poll(() => notices().allTextContents())
      .toEqual([expect.stringContaining('The next 2 requests')])
    await chooseLanguage(suite.app, 'Русский')
    // Gone at once: left alone, a notice stays six seconds.
    await expect.poll(() => notices().count(), { timeout: 1500 }).toBe(0)
    await injectFaults(2)
    await expect
      .poll(() => notices().allTextContents())
      .toEqual([expect.stringContaining('Следующие 2 запроса')])
    await chooseLanguage(suite.app, 'English')
  })
})
