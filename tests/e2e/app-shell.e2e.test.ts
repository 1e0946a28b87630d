import { existsSync } from 'node:fs'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sections } from '../../renderer/src/sections'
import { startAppUnderTest, type AppUnderTest } from './harness/app-under-test'
import { launchChromium, openApp, type AppPage } from './harness/browser'

let gatedesk: AppUnderTest
let browser: Browser
let app: AppPage

beforeAll(async () => {
  if (!existsSync('out/renderer/index.html')) {
    throw new Error('The renderer is not built: run "npm run build" (npm run test:e2e does it).')
  }
  gatedesk = await startAppUnderTest()
  browser = await launchChromium()
  app = await openApp(browser, gatedesk.harness)
})

afterAll(async () => {
  await browser?.close()
  await gatedesk?.close()
})

describe('the app shell', () => {
  it('loads with every section in the navigation', async () => {
    await expect.poll(() => app.page.getByText('GateDesk', { exact: true }).isVisible()).toBe(true)
    for (const section of sections) {
      expect(
        await app.page.getByRole('link', { name: section.title }).isVisible(),
        section.title,
      ).toBe(true)
    }
  })

  it('shows the version main reports, through the real preload and handlers', async () => {
    await expect.poll(() => app.page.getByTestId('about').textContent()).toBe('Version 0.1.0-e2e')
  })

  it('works in the built-in Sandbox environment from the first start', async () => {
    await expect
      .poll(() => app.page.getByTestId('environment-picker').textContent())
      .toContain('Sandbox')
  })

  it('opens each section and keeps a screenshot of it', async () => {
    for (const section of sections) {
      await app.page.getByRole('link', { name: section.title }).click()
      await expect
        .poll(() => app.page.getByRole('heading', { name: section.title }).isVisible())
        .toBe(true)
      expect(new URL(app.page.url()).hash).toBe(`#${section.path}`)
      await expect
        .poll(() => app.page.locator('.n-menu-item-content--selected').textContent())
        .toBe(section.title)
      await app.screenshot(`section-${section.path.slice(1)}`)
    }
  })

  it('exposes only the frozen bridge, which refuses channels outside the contract', async () => {
    const probe = await app.page.evaluate(async () => {
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
      keys: ['invoke', 'on'],
      frozen: true,
      foreign: { ok: false, error: { code: 'unknown-channel' } },
      nodeVisible: 'undefined',
    })
  })

  it('lets main refuse a link that is not http(s)', async () => {
    const results = await app.page.evaluate(async () => [
      await window.gatedesk.invoke('app:open-external', { url: 'file:///etc/passwd' }),
      await window.gatedesk.invoke('app:open-external', { url: 'https://example.com/help' }),
    ])
    expect(results).toEqual([
      { ok: true, value: { opened: false } },
      { ok: true, value: { opened: true } },
    ])
    expect(gatedesk.opened).toEqual(['https://example.com/help'])
  })

  it('runs with no CSP violation and no uncaught error', async () => {
    expect(await app.cspViolations()).toEqual([])
    expect(app.pageErrors).toEqual([])
  })
})
