import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localRecords } from '../../../main/history/audit-trail'
import { createRecurringUpdateService } from '../../../main/recurring/recurring-update-service'
import { connectSandboxEnvironment } from '../../../main/environments/sandbox-environment'
import { createHistoryRepository } from '../../../main/history/history-repository'
import { openTestStore } from '../../fixtures/gatedesk-store'
import { startTestSandbox, type TestSandbox } from '../../fixtures/sandbox'

// The editor's path end to end: the real store and keychain, the built-in Sandbox environment
// connected as the app does, and real HTTPS to the sandbox gateway on loopback.
const store = openTestStore()
const history = createHistoryRepository(store.db)
let sandbox: TestSandbox
let service: ReturnType<typeof createRecurringUpdateService>
let environmentId: string

beforeAll(async () => {
  sandbox = await startTestSandbox()
  await connectSandboxEnvironment(store.environments, sandbox.sandbox)
  environmentId = (await store.environments.list())[0]!.id
  service = createRecurringUpdateService({
    environments: store.environments,
    history,
    openRecords: localRecords(history),
    gateway: sandbox.deps,
  })
})
afterAll(async () => {
  await sandbox.stop()
  sandbox.remove()
  store.close()
})

const srcProfile = () => sandbox.sandbox.service.profiles().find((p) => p.type === 'SRC')!
const valid = (order: string) => ({
  'client-orderid': order,
  'recurring-payment-id': srcProfile().id,
  amount: '5.00',
})

describe('sending an update from the editor', () => {
  it('signs it with the environment key from the keychain, gets it approved and records it', async () => {
    const profile = srcProfile()
    const result = await service.send({
      environmentId,
      parameters: {
        'client-orderid': 'ORD-EDITOR-1',
        'recurring-payment-id': profile.id,
        amount: '12.50',
        'credit-card-number': '4111111111111111',
        'card-printed-name': 'ANNA ONEIL',
        'expire-year': '2030',
        'expire-month': '12',
        cvv2: '123',
      },
    })
    expect(result).toMatchObject({ outcome: 'approved', issues: [] })
    expect(result.serialNumber).toBeTruthy()
    const entry = history.get(result.historyId!)!
    expect(entry).toMatchObject({
      outcome: 'approved',
      profileId: profile.id,
      orderId: 'ORD-EDITOR-1',
      serialNumber: result.serialNumber,
    })
    // Sent in the order of the spec's table; the card number masked and cvv2 never stored.
    expect(entry.parameters.map(([name]) => name).slice(0, 3)).toEqual([
      'client-orderid',
      'recurring-payment-id',
      'credit-card-number',
    ])
    expect(JSON.stringify(entry.parameters)).not.toContain('4111111111111111')
    expect(JSON.stringify(entry.parameters)).not.toContain('"123"')
  })

  it('sends nothing and records nothing when a field breaks the rules, naming each one', async () => {
    const before = history.search().total
    const result = await service.send({
      environmentId,
      parameters: { 'client-orderid': 'ORD-EDITOR-2', amount: '12,5', 'amount-from': '1.00' },
    })
    expect(result.outcome).toBe('not-sent')
    expect(result.historyId).toBeNull()
    expect(result.issues.map((issue) => issue.parameter).sort()).toEqual(
      expect.arrayContaining(['amount', 'recurring-payment-id']),
    )
    expect(result.message).toMatch(/^Nothing was sent: \d+ fields break the gateway's rules/)
    expect(history.search().total).toBe(before)
  })

  it('refuses in main a card that expired before this month, as the window does', async () => {
    const before = history.search().total
    const result = await service.send({
      environmentId,
      parameters: {
        'client-orderid': 'ORD-EDITOR-EXPIRED',
        'recurring-payment-id': 'RP-1',
        'credit-card-number': '4111111111111111',
        'expire-month': '01',
        'expire-year': '2001',
      },
    })
    expect(result.outcome).toBe('not-sent')
    expect(result.issues.map((issue) => issue.code)).toContain('card-expired')
    expect(history.search().total).toBe(before)
  })

  it("applies the profile type's rules when the editor knows it", async () => {
    const result = await service.send({
      environmentId,
      parameters: {
        'client-orderid': 'ORD-EDITOR-3',
        'recurring-payment-id': 'RP-1',
        amount: '5.00',
        period: 'month',
        interval: '1',
      },
      profileType: 'DST',
    })
    expect(result).toMatchObject({ outcome: 'not-sent', historyId: null })
    expect(result.issues.map(({ parameter, code }) => `${parameter}: ${code}`).sort()).toEqual([
      'interval: not-for-dst',
      'period: not-for-dst',
    ])
  })

  it('refuses two spellings of one parameter instead of sending one of them', async () => {
    const result = await service.send({
      environmentId,
      parameters: {
        'client-orderid': 'ORD-EDITOR-5',
        'recurring-payment-id': srcProfile().id,
        amount: '5.00',
        email: 'anna@example.com',
        'e-mail': 'other@example.com',
      },
    })
    expect(result.outcome).toBe('not-sent')
    expect(result.issues).toEqual([expect.objectContaining({ code: 'duplicate-alias' })])
  })

  it("shows the gateway's own refusal of an unknown profile and records it", async () => {
    const result = await service.send({
      environmentId,
      parameters: {
        'client-orderid': 'ORD-EDITOR-4',
        'recurring-payment-id': 'no-such-profile',
        amount: '5.00',
      },
    })
    // The sandbox declines an unknown profile (main/sandbox/ERROR-CODES.md: profile-not-found).
    expect(result.outcome).toBe('declined')
    expect(result.errorMessage).toBeTruthy()
    expect(history.get(result.historyId!)).toMatchObject({
      outcome: result.outcome,
      profileId: 'no-such-profile',
    })
  })

  it('sends and records nothing while the environment has no address, and says why', async () => {
    const fresh = openTestStore()
    try {
      const freshHistory = createHistoryRepository(fresh.db)
      const offline = createRecurringUpdateService({
        environments: fresh.environments,
        history: freshHistory,
        openRecords: localRecords(freshHistory),
        gateway: sandbox.deps,
      })
      const result = await offline.send({
        environmentId: (await fresh.environments.list())[0]!.id,
        parameters: valid('ORD-EDITOR-6'),
      })
      expect(result).toMatchObject({ outcome: 'not-sent', historyId: null })
      expect(result.message).toMatch(/^Nothing was sent: .*has no address yet/)
      expect(result.params).toMatchObject({ detailCode: 'environments.not-started' })
      expect(createHistoryRepository(fresh.db).search().total).toBe(0)
    } finally {
      fresh.close()
    }
  })

  it('records an unknown outcome, not "sending", when sending fails unexpectedly', async () => {
    const failing = createRecurringUpdateService({
      environments: store.environments,
      history,
      openRecords: localRecords(history),
      gateway: {
        ...sandbox.deps,
        httpsPost: async () => {
          throw new Error('socket exploded')
        },
      },
    })
    await expect(
      failing.send({ environmentId, parameters: valid('ORD-EDITOR-7') }),
    ).rejects.toThrow('socket exploded')
    const [latest] = history.search({ orderId: 'ORD-EDITOR-7' }).entries
    expect(latest).toMatchObject({
      outcome: 'unknown',
      messageCode: 'update.failed-while-sending',
      params: { detail: 'socket exploded' },
    })
    expect(latest!.message).toMatch(/may have reached the gateway: socket exploded/)
  })

  it("bounds and masks the gateway's words before showing and keeping them", async () => {
    const longError = `${'x'.repeat(3000)} card 4111111111111111`
    const echoing = createRecurringUpdateService({
      environments: store.environments,
      history,
      openRecords: localRecords(history),
      gateway: {
        ...sandbox.deps,
        httpsPost: async () => ({
          status: 400,
          headers: {},
          contentType: 'text/plain',
          body: Buffer.from(
            `type=validation-error\n&error-code=1\n&error-message=4111111111111111 ${longError}\n`,
          ),
        }),
      },
    })
    // Not the update whose outcome the test before left unknown: that one would be held back.
    const parameters = { ...valid('ORD-EDITOR-8'), amount: '5.10' }
    const result = await echoing.send({ environmentId, parameters })
    expect(result.outcome).toBe('validation-error')
    expect(result.errorMessage!.length).toBeLessThanOrEqual(2000)
    expect(result.errorMessage).toMatch(/^411111\*{6}1111 x/)
    expect(history.get(result.historyId!)!.errorMessage).toBe(result.errorMessage)
    expect(history.search({ orderId: 'ORD-EDITOR-8' }).entries).toHaveLength(1)
  })
})
