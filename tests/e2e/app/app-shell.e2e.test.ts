import { describe, expect, it } from 'vitest'
import { en } from '../../../preload/contract/locales/en'
import { sections as sectionList } from '../../../renderer/src/app/sections'
import { useAppInBrowser } from '../harness/app-under-test'

const suite = useAppInBrowser()
const sections = sectionList.map((section) => ({
  ...section,
  title: en.shell.sections[section.id].title,
}))

describe('the app shell', () => {
  it('loads with every section in the navigation', async () => {
    await expect
      .poll(() => suite.app.page.getByText('GateDesk', { exact: true }).isVisible())
      .toBe(true)
    for (const section of sections) {
      expect(
        await suite.app.page.getByRole('link', { name: section.title }).isVisible(),
        section.title,
      ).toBe(true)
    }
  })

  it('shows the version main reports, through the real preload and handlers', async () => {
    await expect
      .poll(() => suite.app.page.getByTestId('about').textContent())
      .toBe('Version 0.1.0-e2e')
  })

  it('works in the built-in Sandbox environment from the first start', async () => {
    await expect
      .poll(() => suite.app.page.getByTestId('environment-picker').textContent())
      .toContain('Sandbox')
  })

  it('opens each section and keeps a screenshot of it', async () => {
    for (const section of sections) {
      await suite.app.page.getByRole('link', { name: section.title }).click()
      await expect
        .poll(() => suite.app.page.getByRole('heading', { name: section.title }).isVisible())
        .toBe(true)
      expect(new URL(suite.app.page.url()).hash).toBe(`#${section.path}`)
      await expect
        .poll(() => suite.app.page.locator('.n-menu-item-content--selected').textContent())
        .toBe(section.title)
      await suite.app.screenshot(`section-${section.path.slice(1)}`)
    }
  })

  it('opens the sections with Ctrl and their number, from anywhere in the window', async () => {
    for (const [index, section] of sections.entries()) {
      await suite.app.page.keyboard.press(`Control+${index + 1}`)
      await expect.poll(() => new URL(suite.app.page.url()).hash).toBe(`#${section.path}`)
      await expect
        .poll(() => suite.app.page.getByRole('heading', { name: section.title }).isVisible())
        .toBe(true)
    }
    expect(
      await suite.app.page
        .getByRole('link', { name: en.shell.sections.recurring.title })
        .getAttribute('title'),
    ).toBe(`${en.shell.sections.recurring.title} (Ctrl+1)`)
  })

  it('exposes only the frozen bridge, which refuses channels outside the contract', async () => {
    const probe = await suite.app.page.evaluate(async () => {
      const bridge = window.gatedesk as unknown as Record<string, unknown> & {
        invoke: (channel: string) => Promise<unknown>
      }
      return {
        keys: Object.keys(bridge).sort(),
        frozen: Object.isFrozen(bridge),
        foreign: await bridge.invoke('secrets:dump'),
        nodeVisible: typeof (window as unknown as { process?: unknown }).process,
      }
    })
    expect(probe).toMatchObject({
      keys: ['invoke', 'on', 'openDroppedReport'],
      frozen: true,
      foreign: { ok: false, error: { code: 'unknown-channel' } },
      nodeVisible: 'undefined',
    })
  })

  it('lets main refuse a link that is not http(s)', async () => {
    const results = await suite.app.page.evaluate(async () => [
      await window.gatedesk.invoke('app:open-external', { url: 'file:///etc/passwd' }),
      await window.gatedesk.invoke('app:open-external', { url: 'https://example.com/help' }),
    ])
    expect(results).toEqual([
      { ok: true, value: { opened: false } },
      { ok: true, value: { opened: true } },
    ])
    expect(suite.gatedesk.opened).toEqual(['https://example.com/help'])
  })

  it('runs with no CSP violation and no uncaught error', async () => {
    expect(await suite.app.cspViolations()).toEqual([])
    expect(suite.app.pageErrors).toEqual([])
  })
})
