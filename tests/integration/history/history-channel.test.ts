import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { historyHandlers } from '../../../main/history/history-handlers'
import { createJobRunner } from '../../../main/platform/jobs/job-runner'
import {
  registerHandlers,
  type Handlers,
  type InvokeEventLike,
  type IpcMainLike,
} from '../../../main/platform/electron/ipc'
import { openDatabase } from '../../../main/platform/db/database'
import { createHistoryRepository } from '../../../main/history/history-repository'

// history:search as the window calls it: through the checked IPC wrapper, on a real database.
const dir = mkdtempSync(join(tmpdir(), 'gatedesk-history-channel-'))
const db = openDatabase(join(dir, 'gatedesk.sqlite'))
afterAll(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

let clock = Date.parse('2026-11-20T09:00:00Z')
const history = createHistoryRepository(db, () => new Date((clock += 60_000)))
const listeners = new Map<string, (event: InvokeEventLike, payload: unknown) => unknown>()
const ipc: IpcMainLike = { handle: (name, listener) => listeners.set(name, listener) }
// No dialog opens here: history:export is tested in history-search.test.ts.
const dialogs = { chooseFileToOpen: async () => null, chooseFileToSave: async () => null }
registerHandlers(
  ipc,
  historyHandlers({
    history: async () => history,
    dialogs,
    jobs: createJobRunner({ progress: () => {}, finished: () => {} }),
  }) as Handlers,
  {
    trustedOrigins: ['app://gatedesk'],
    logError: () => {},
  },
)
const search = (query: unknown) =>
  listeners.get('history:search')!({ senderFrame: { url: 'app://gatedesk/', parent: null } }, query)

for (const [profile, order] of [
  ['RP-1', 'ORD-1'],
  ['RP-2', 'ORD-2'],
  ['RP-1', 'ORD-3'],
]) {
  const id = history.recordSending({
    environment: { id: '00000000-0000-4000-8000-000000000001', name: 'Sandbox' },
    operation: 'update-recurring-payment',
    parameters: [
      ['client-orderid', order!],
      ['recurring-payment-id', profile!],
      ['credit-card-number', '4111111111111111'],
      ['cvv2', '123'],
    ],
  })
  history.recordResult(id, { outcome: 'approved', serialNumber: `S-${order}`, message: 'ok' })
}

describe('history:search', () => {
  it("finds a profile's requests, newest first, with the card masked and cvv2 gone", async () => {
    const result = (await search({ profileId: 'RP-1' })) as {
      ok: true
      value: { total: number; entries: { orderId: string; parameters: [string, string][] }[] }
    }
    expect(result.ok).toBe(true)
    expect(result.value.total).toBe(2)
    expect(result.value.entries.map((entry) => entry.orderId)).toEqual(['ORD-3', 'ORD-1'])
    expect(result.value.entries[0]!.parameters).toEqual([
      ['client-orderid', 'ORD-3'],
      ['recurring-payment-id', 'RP-1'],
      ['credit-card-number', '411111******1111'],
    ])
  })

  it('pages through the entries and counts them all', async () => {
    const page = (await search({ limit: 2, offset: 2 })) as {
      value: { total: number; entries: { orderId: string }[] }
    }
    expect(page.value.total).toBe(3)
    expect(page.value.entries.map((entry) => entry.orderId)).toEqual(['ORD-1'])
  })

  it('keeps entries sent at or after "from" and before "to", whatever offset the instants carry', async () => {
    // Sent at 09:01, 09:02 and 09:03 UTC (the test clock); 22:02+13:00 is 09:02 UTC.
    const window = (await search({
      from: '2026-11-20T22:02:00+13:00',
      to: '2026-11-20T09:03:00Z',
    })) as { value: { entries: { orderId: string }[] } }
    expect(window.value.entries.map((entry) => entry.orderId)).toEqual(['ORD-2'])
  })

  it('refuses a date that is not one, naming the field and what to enter', async () => {
    for (const from of ['yesterday', '2026-11-20', '2026-11-20T09:00:00']) {
      expect(await search({ from }), from).toMatchObject({
        ok: false,
        error: {
          code: 'invalid-input',
          issues: [
            {
              path: 'from',
              message: 'Enter a date and time with its offset, e.g. 2026-11-22T09:00:00Z',
            },
          ],
        },
      })
    }
  })
})
