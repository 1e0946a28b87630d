import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { en } from '../../../preload/contract/locales/en'
import type { FaultKind } from '../../../main/sandbox/http/faults'
import {
  UNCERTAIN_OUTCOMES,
  type RequestOutcome,
} from '../../../preload/contract/platform/request-outcomes'
import { connectSandboxEnvironment } from '../../../main/environments/sandbox-environment'
import { localRecords } from '../../../main/history/audit-trail'
import { createRecurringUpdateService } from '../../../main/recurring/recurring-update-service'
import { createBulkJournal } from '../../../main/bulk/bulk-journal-repository'
import { openDatabase } from '../../../main/platform/db/database'
import { createHistoryRepository } from '../../../main/history/history-repository'
import { openTestStore } from '../../fixtures/gatedesk-store'
import { startTestSandbox, type TestSandbox } from '../../fixtures/sandbox'

// The rule main enforces for the editor, bulk runs and the CLI alike: after an uncertain outcome,
// the same update (whatever its order id) goes again only when the user confirms it.
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

const update = (order: string, amount = '7.25') => ({
  'client-orderid': order,
  'recurring-payment-id': sandbox.sandbox.service.profiles()[0]!.id,
  amount,
})

describe('sending again after an uncertain outcome', () => {
  it('holds the same update back until confirmed, even under a new order id', async () => {
    sandbox.sandbox.service.injectFault('internal-error', 1)
    const first = await service.send({ environmentId, parameters: update('GUARD-1') })
    expect(first.outcome).toBe('internal-failure')

    const held = await service.send({ environmentId, parameters: update('GUARD-2') })
    expect(held).toMatchObject({ outcome: 'not-sent', historyId: null })
    expect(held.uncertainEarlier).toMatchObject({
      historyId: first.historyId,
      outcome: 'internal-failure',
    })
    expect(held.message).toMatch(/uncertain outcome .*Check the profile first/)

    // Another update of the same profile is not the same update: no question.
    const other = await service.send({ environmentId, parameters: update('GUARD-3', '8.00') })
    expect(other.outcome).toBe('approved')

    sandbox.sandbox.service.injectFault('internal-error', 1)
    await service.send({ environmentId, parameters: update('GUARD-4') })
    const confirmed = await service.send({
      environmentId,
      parameters: update('GUARD-5'),
      confirmedResend: true,
    })
    expect(confirmed).toMatchObject({ outcome: 'approved', uncertainEarlier: null })
  })

  // Each uncertain outcome, as a sandbox fault brings it about ('sending', a send not finished
  // yet, is the next test's: another process's record).
  const faults: [FaultKind, RequestOutcome][] = [
    ['internal-error', 'internal-failure'],
    ['reset', 'unknown'],
    ['truncate', 'unknown'],
    ['not-form', 'protocol-error'],
  ]
  it('is tried below with every uncertain outcome', () => {
    const tried = new Set([...faults.map(([, outcome]) => outcome), 'sending'])
    expect(tried).toEqual(new Set(UNCERTAIN_OUTCOMES))
  })
  for (const [index, [fault, outcome]] of faults.entries()) {
    it(`after ${outcome} (fault ${fault}), sends nothing and names the earlier outcome`, async () => {
      const amount = `${index + 21}.25`
      sandbox.sandbox.service.injectFault(fault, 1)
      const first = await service.send({ environmentId, parameters: update(`${fault}-1`, amount) })
      expect(first.outcome).toBe(outcome)
      const lastReceived = sandbox.sandbox.service.recentRequests(1)[0]

      const again = await service.send({ environmentId, parameters: update(`${fault}-2`, amount) })
      expect(again).toMatchObject({
        outcome: 'not-sent',
        historyId: null,
        uncertainEarlier: { historyId: first.historyId, outcome },
      })
      // The outcome in words, as the screens name it ("internal failure").
      expect(again.message).toContain(
        `has an uncertain outcome (${en.common.outcomeLabels[outcome]})`,
      )
      // Nothing reached the gateway: its request log still ends with the first send.
      expect(sandbox.sandbox.service.recentRequests(1)[0]).toBe(lastReceived)
    })
  }

  it('sees what another process (a CLI run) sent and learned meanwhile', async () => {
    // The CLI's own connection to the same database file.
    const cli = openDatabase(store.file)
    const cliHistory = createHistoryRepository(cli)
    const environment = { id: environmentId, name: 'Sandbox' }
    try {
      const parameters = (order: string) => Object.entries(update(order, '9.10'))
      const cutOff = cliHistory.recordSending({
        environment,
        operation: 'update-recurring-payment',
        parameters: parameters('CLI-1'),
      })
      const held = await service.send({ environmentId, parameters: update('GUARD-6', '9.10') })
      expect(held.uncertainEarlier).toMatchObject({ historyId: cutOff, outcome: 'sending' })

      cliHistory.recordResult(cutOff, { outcome: 'approved', serialNumber: '77', message: 'ok' })
      const sent = await service.send({ environmentId, parameters: update('GUARD-7', '9.10') })
      expect(sent).toMatchObject({ outcome: 'approved', uncertainEarlier: null })
    } finally {
      cli.close()
    }
  })

  it('reads the history again when a failed commit left what it knew behind', async () => {
    const id = history.recordSending({
      environment: { id: environmentId, name: 'Sandbox' },
      operation: 'update-recurring-payment',
      parameters: Object.entries(update('GUARD-8', '9.20')),
    })
    // The result goes in a batch whose commit fails (here a deferred foreign key is broken):
    // the table still says sending, though the result was recorded before the commit.
    const journal = createBulkJournal(store.db)
    const settled = journal.commit(
      () => history.recordResult(id, { outcome: 'approved', serialNumber: '78', message: 'ok' }),
      { durable: false },
    )
    const breaking = journal.commit(
      () => {
        store.db.pragma('defer_foreign_keys = ON')
        store.db
          .prepare(
            `INSERT INTO bulk_rows (job_id, row_number, state, client_orderid, updated_at)
             VALUES ('no-such-job', 1, 'pending', 'X-1', '')`,
          )
          .run()
      },
      { durable: false },
    )
    await expect(settled).rejects.toThrow(/FOREIGN KEY/)
    await expect(breaking).rejects.toThrow(/FOREIGN KEY/)
    const held = await service.send({ environmentId, parameters: update('GUARD-9', '9.20') })
    expect(held.uncertainEarlier).toMatchObject({ historyId: id, outcome: 'sending' })
  })

  it('holds the same update back when a newer send to the profile was rolled back', async () => {
    sandbox.sandbox.service.injectFault('internal-error', 1)
    const first = await service.send({ environmentId, parameters: update('GUARD-10', '9.30') })
    expect(first.outcome).toBe('internal-failure')
    // A bulk row's record of another update, rolled back with its journal entry.
    const journal = createBulkJournal(store.db)
    const rolledBack = journal.commit(
      () => {
        history.recordSending({
          environment: { id: environmentId, name: 'Sandbox' },
          operation: 'update-recurring-payment',
          parameters: Object.entries(update('GUARD-11', '9.40')),
        })
        throw new Error('Row 1 is not pending')
      },
      { durable: true },
    )
    await expect(rolledBack).rejects.toThrow('not pending')
    const held = await service.send({ environmentId, parameters: update('GUARD-12', '9.30') })
    expect(held.uncertainEarlier).toMatchObject({ historyId: first.historyId })
  })
})
