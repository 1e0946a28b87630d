import { describe, expect, it } from 'vitest'
import { useAppInBrowser } from '../harness/app-under-test'

const suite = useAppInBrowser()

const byTestId = (id: string) => suite.app.page.getByTestId(id)
const rows = (table: string) => byTestId(table).locator('tbody tr:not(.n-data-table-empty)')

describe('the built-in sandbox', () => {
  it('works for a new user with no account: the Sandbox environment connects out of the box', async () => {
    await suite.app.page.getByRole('link', { name: 'Keys & environments' }).click()
    await byTestId('environment-Sandbox').click()
    await expect.poll(() => byTestId('control-key-status').textContent()).toContain('Stored in')
    await expect.poll(() => byTestId('rsa-key-status').textContent()).toContain('Private key in')
    await byTestId('check-connection').click()
    await expect
      .poll(() => byTestId('check-result').textContent(), { timeout: 20_000 })
      .toContain('Connected over verified TLS, and the gateway accepted the merchant login')
  })

  it('shows the running gateway, its demo merchant and profiles of every type', async () => {
    await suite.app.page.getByRole('link', { name: 'Sandbox' }).click()
    await expect.poll(() => byTestId('sandbox-running').isVisible()).toBe(true)
    await expect.poll(() => rows('profiles').count()).toBeGreaterThanOrEqual(3)
    const types = await rows('profiles').locator('td:nth-child(2)').allTextContents()
    expect(new Set(types)).toEqual(new Set(['SRC', 'DST', 'native']))
    await suite.app.screenshot('sandbox')
  })

  it('advances the simulated clock and shows the charges it made', async () => {
    const before = await byTestId('simulated-date').textContent()
    await byTestId('advance-days').locator('input').fill('40')
    await byTestId('advance').click()
    await expect
      .poll(() => byTestId('advance-summary').textContent())
      .toMatch(/Moved from .* to .*: \d+ charge/)
    expect(await byTestId('simulated-date').textContent()).not.toBe(before)
    const charges = Number(
      /(\d+) charge/.exec((await byTestId('advance-summary').textContent())!)![1],
    )
    expect(charges).toBeGreaterThan(0)
    // The charges' callbacks are on the page as it answers, with no refresh.
    expect(await rows('callbacks').count()).toBe(Math.min(charges, 50))
    expect(await rows('transactions').count()).toBeGreaterThan(0)
  })

  it('stages a fault that the next request meets, and clears it', async () => {
    await byTestId('inject-fault').click()
    await expect
      .poll(() => byTestId('pending-faults').textContent())
      .toBe('Staged: internal error (HTTP 500)')
    await suite.app.page.getByRole('link', { name: 'Keys & environments' }).click()
    await byTestId('check-connection').click()
    await expect
      .poll(() => byTestId('check-result').textContent(), { timeout: 20_000 })
      .toContain('internal failure')
    await suite.app.page.getByRole('link', { name: 'Sandbox' }).click()
    await expect.poll(() => byTestId('pending-faults').textContent()).toBe('No fault staged.')
  })

  it('ran with no CSP violation and no console error', async () => {
    expect(await suite.app.cspViolations()).toEqual([])
    expect(suite.app.pageErrors).toEqual([])
  })
})
