import { describe, expect, it } from 'vitest'
import { localDay, dottedDay } from '../../../preload/contract/platform/calendar'
import { SandboxActionError } from '../../../main/sandbox/sandbox-action-error'
import { catalogWording } from '../../../main/platform/i18n/catalog-wording'
import { explainWith } from '../../../preload/contract/locales/explain'
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

  it('says why an action cannot be done, by a code main and the CLI word in their language', () => {
    /** The refusal, worded as main (English) and a Russian terminal would. */
    const refusal = (action: () => unknown) => {
      try {
        action()
      } catch (error) {
        expect(error).toBeInstanceOf(SandboxActionError)
        const { messageCode, params } = error as SandboxActionError
        const explained = { message: messageCode, messageCode, params }
        return [
          explainWith(catalogWording('en'), explained),
          explainWith(catalogWording('ru'), explained),
        ]
      }
      throw new Error('the action was done')
    }
    expect(refusal(() => service().advanceDays(0))).toEqual([
      'Advance by a whole number of days from 1 to 3660, not 0',
      'Дату можно сдвинуть на целое число дней от 1 до 3660, а не на 0',
    ])
    expect(refusal(() => service().resumeProfile('100001'))).toEqual([
      'Profile 100001 is already running',
      'Профиль 100001 уже активен',
    ])
    expect(refusal(() => service().resumeProfile('100007'))[0]).toMatch(
      /^Profile 100007 cannot resume: its finish date or max-repeats-number is already reached/,
    )
    expect(refusal(() => service().chargeNow('nope'))[0]).toBe(
      'There is no profile nope in the sandbox',
    )
    expect(refusal(() => service().updateSettings({ declineRate: 2 }))[0]).toBe(
      'The decline rate is a share from 0 to 1',
    )
    expect(refusal(() => service().setCurrentRepeats('100001', -1))[0]).toBe(
      'The current repeats number must be a whole number from 0, not -1',
    )
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
