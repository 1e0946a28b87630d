import { describe, expect, it } from 'vitest'
import { localDay, dottedDay } from '../../../preload/contract/platform/calendar'
import { SandboxActionError } from '../../../main/sandbox/sandbox-action-error'
import { minimalUpdate, useTestSandbox } from '../../fixtures/sandbox'

const sandbox = useTestSandbox({ faults: true })
const service = () => sandbox.sandbox.service
const today = () => dottedDay(localDay(Date.now()))
// The sandbox starts on the machine's date: today, or yesterday if midnight passed meanwhile.
const startDays = [today()]

describe('the service the Sandbox page calls', () => {
  it('shows a snapshot with the merchant, the date and the faults, and no secret', () => {
    service().injectFault('delay', 1)
    const snapshot = service().snapshot()
    service().clearFaults()
    expect([...startDays, today()]).toContain(snapshot.simulatedDate)
    expect(snapshot).toMatchObject({
      merchant: { login: 'gatedesk-demo', name: 'Demo Shop «Ромашка», Ltd', endpointId: '1001' },
      profiles: { running: 5, stopped: 2 },
      baseUrl: sandbox.env.baseUrl,
      faultsEnabled: true,
      pendingFaults: ['delay'],
      settings: { declineRate: 0.1, timestampWindowSeconds: 300, faultDelayMs: 65_000 },
    })
    const everything = JSON.stringify([snapshot, service().profiles(), service().transactions(500)])
    expect(everything).not.toContain(sandbox.controlKey)
    expect(everything).not.toContain('PRIVATE KEY')
  })

  it('seeds SRC, DST and native profiles, running and stopped, with a history of transactions', () => {
    const profiles = service().profiles()
    expect(new Set(profiles.map((p) => p.type))).toEqual(new Set(['SRC', 'DST', 'native']))
    expect(new Set(profiles.map((p) => p.amountRule.kind))).toEqual(
      new Set(['fixed', 'range', 'sequence']),
    )
    expect(
      profiles
        .filter((p) => p.status === 'stopped')
        .map((p) => p.stopReason)
        .sort(),
    ).toEqual(['finish date reached', 'max-repeats-number reached'])
    expect(service().transactions(500).length).toBeGreaterThan(15)
  })

  it('says why an action cannot be done', () => {
    expect(() => service().advanceDays(0)).toThrow(SandboxActionError)
    expect(() => service().resumeProfile('100001')).toThrow('Profile 100001 is already running')
    expect(() => service().resumeProfile('100007')).toThrow(
      /finish date or max-repeats-number is already reached/,
    )
    expect(() => service().chargeNow('nope')).toThrow('There is no profile nope in the sandbox')
    expect(() => service().updateSettings({ declineRate: 2 })).toThrow(
      'The decline rate is a share from 0 to 1',
    )
    expect(() => service().setCurrentRepeats('100001', -1)).toThrow(/whole number from 0/)
  })

  it('resets to the demo data dated today, keeping the merchant keys', async () => {
    await sandbox.update(minimalUpdate('100001', [['purpose', 'changed']]))
    service().advanceDays(30)
    service().reset()
    expect([...startDays, today()]).toContain(service().simulatedDate())
    expect(
      service()
        .profiles()
        .find((p) => p.id === '100001'),
    ).toMatchObject({ purpose: null, clientOrderId: 'SUB-100001' })
    expect((await sandbox.update(minimalUpdate('100001'))).outcome).toBe('approved')
  })
})
