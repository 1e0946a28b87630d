import { describe, expect, it } from 'vitest'
import { sandboxPage } from '../../../main/sandbox/sandbox-page'
import { sandboxOverviewSchema } from '../../../preload/contract/sandbox/sandbox-channels'
import { useTestSandbox } from '../../fixtures/sandbox'

// The Sandbox page gets each reason the sandbox wrote twice: the gateway's English text, kept as
// the gateway's data (and its reports) have it, and a code the window words in its language.
const sandbox = useTestSandbox()
const service = () => sandbox.sandbox.service
const page = () => sandboxPage(service())

describe("the Sandbox page's reasons", () => {
  it('code why each stopped profile stopped, and nothing for a running profile or an approval', () => {
    const { profiles, transactions } = sandboxOverviewSchema.parse(page().overview())
    expect(new Set(transactions.map((t) => `${t.status} ${t.declineReasonCode}`))).toEqual(
      new Set(['approved null']),
    )
    const reasons = profiles.map((p) => [p.status, p.stopReason, p.stopReasonCode])
    expect(new Set(reasons.map(String))).toEqual(
      new Set([
        'running,,',
        'stopped,max-repeats-number reached,max-repeats',
        'stopped,finish date reached,finish-date',
      ]),
    )
  })

  it('shows a next charge for running profiles only', () => {
    const { profiles } = sandboxOverviewSchema.parse(page().overview())
    const stopped = profiles.filter((profile) => profile.status === 'stopped')
    expect(stopped.length).toBeGreaterThan(0)
    for (const profile of stopped) expect(profile.nextChargeDate, profile.id).toBeNull()
    for (const profile of profiles.filter((p) => p.status === 'running'))
      expect(profile.nextChargeDate, profile.id).toMatch(/^\d\d\.\d\d\.\d{4}$/)
  })

  it("code an issuer's decline, then an expired card's, with the gateway's text unchanged", async () => {
    service().updateSettings({ declineRate: 1 })
    const declined = await page().advance(14)
    const recent = declined.overview.transactions.filter((t) => t.status === 'declined')
    expect(recent.length).toBeGreaterThan(0)
    for (const transaction of recent) {
      expect(transaction).toMatchObject({
        declineReason: 'simulated issuer decline',
        declineReasonCode: 'issuer-decline',
      })
    }

    // The demo cards expire at the end of 2030: years later, every charge on them declines.
    service().updateSettings({ declineRate: 0 })
    const { overview } = await page().advance(2200)
    expect(sandboxOverviewSchema.parse(overview).transactions[0]).toMatchObject({
      status: 'declined',
      declineReason: 'card expired',
      declineReasonCode: 'card-expired',
    })
    expect(service().transactions(1)[0]!.declineReason).toBe('card expired')
  })
})
