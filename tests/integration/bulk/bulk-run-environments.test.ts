import { recurringSending } from '../../../main/recurring/recurring-sending'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBulkService } from '../../../main/bulk/bulk-service'
import { createImportSessions } from '../../../main/bulk/import-sessions'
import { createPastedTables } from '../../../main/bulk/pasted-tables'
import { connectSandboxEnvironment } from '../../../main/environments/sandbox-environment'
import { createJobRunner } from '../../../main/platform/jobs/job-runner'
import { createBulkJournal } from '../../../main/bulk/bulk-journal-repository'
import { createBulkMappings } from '../../../main/bulk/bulk-mappings-repository'
import { createHistoryRepository } from '../../../main/history/history-repository'
import { eventually } from '../../fixtures/eventually'
import { openTestStore } from '../../fixtures/gatedesk-store'
import { startTestSandbox, type TestSandbox } from '../../fixtures/sandbox'

// One bulk job whose rows go to two environments: the built-in Sandbox (the job's) and a second
// sandbox gateway, configured as the user would, named by some rows' environment cell.
const store = openTestStore()
const history = createHistoryRepository(store.db)
const journal = createBulkJournal(store.db)
let first: TestSandbox
let second: TestSandbox
let firstId: string
let secondId: string
/** How often each environment's RSA key was read from the keychain. */
const keyLoads = new Map<string, number>()

beforeAll(async () => {
  first = await startTestSandbox()
  second = await startTestSandbox()
  await connectSandboxEnvironment(store.environments, first.sandbox)
  firstId = (await store.environments.list())[0]!.id
  const { connection } = second.sandbox
  secondId = (
    await store.environments.create({
      name: 'Second Sandbox',
      kind: 'integration',
      baseUrl: second.sandbox.baseUrl,
      endpointId: connection.endpointId,
      merchantLogin: connection.merchantLogin,
      extraCaPem: readFileSync(connection.caCertFile, 'utf8'),
    })
  ).id
  await store.environments.setControlKey(secondId, second.controlKey)
  await store.environments.importPrivateKey(
    secondId,
    { privateKeyPem: readFileSync(connection.privateKeyFile, 'utf8') },
    { replace: true },
  )
})
afterAll(async () => {
  await first.stop()
  await second.stop()
  first.remove()
  second.remove()
  store.close()
})

const environments = {
  ...store.environments.local,
  signingSecrets(id: string) {
    const secrets = store.environments.local.signingSecrets(id)
    return {
      controlKey: () => secrets.controlKey(),
      rsaPrivateKey: () => {
        keyLoads.set(id, (keyLoads.get(id) ?? 0) + 1)
        return secrets.rsaPrivateKey()
      },
    }
  },
}

const descriptions = (sandbox: TestSandbox) =>
  new Set(sandbox.sandbox.service.profiles().map((profile) => profile.orderDescription))

describe('a bulk job over two environments', () => {
  it('sends each row to the environment its cell names, loading each key once', async () => {
    const firstProfiles = first.sandbox.service.profiles().map((p) => p.id)
    const secondProfiles = second.sandbox.service.profiles().map((p) => p.id)
    // Rows 1-4: no cell (the job's), row 5: the job's by name; 6-9 by another name, 10 by id.
    const cells = ['', '', '', '', 'SANDBOX', 'second sandbox', 'Second Sandbox', 'SECOND sandbox']
    cells.push('second sandbox', secondId, 'Third Sandbox')
    const lines = cells.map((cell, index) => {
      const row = index + 1
      const profile =
        cell.toLowerCase().startsWith('second') || cell === secondId
          ? secondProfiles[row % secondProfiles.length]
          : firstProfiles[row % firstProfiles.length]
      return `${profile},10.${String(row).padStart(2, '0')},Two environments row ${row},${cell}`
    })
    const file = join(store.dir, 'two-environments.csv')
    writeFileSync(file, `recurring-payment-id,amount,order_desc,Env\n${lines.join('\n')}\n`)

    const finished: string[] = []
    const imports = createImportSessions({
      mappings: createBulkMappings(store.db),
      dataDir: store.dir,
      environments: () => store.environments.local.list(),
    })
    const service = createBulkService({
      recurringSending,
      environments,
      history,
      gateway: first.deps,
      journal,
      imports,
      pastedTables: createPastedTables({ dataDir: store.dir, secrets: store.secrets, journal }),
      jobs: createJobRunner({ progress: () => {}, finished: (e) => finished.push(e.outcome) }),
      emitProgress: () => {},
    })
    const imported = await imports.openFile(file, {})
    expect(imported.mapping).toEqual([
      'recurring-payment-id',
      'amount',
      'order_desc',
      'environment',
    ])
    const preview = imports.preview(imported.importId, 'problems', 0, 100)
    expect(preview.rows.map((row) => [row.rowNumber, row.problems])).toEqual([
      [
        11,
        [
          expect.objectContaining({
            column: 3,
            parameter: 'environment',
            messageCode: 'bulk.row.unknown-environment',
            message:
              'environment "Third Sandbox" is not a configured environment: write one of Sandbox, Second Sandbox, or leave the cell empty for the job\'s environment',
          }),
        ],
      ],
    ])

    const settings = { environmentId: firstId, profileType: null, concurrency: 4, rate: null }
    const dryRun = service.dryRun(imported.importId, settings)
    expect(dryRun.counts).toMatchObject({ send: 10, refused: 1 })
    expect(dryRun.requests.map((r) => [r.rowNumber, r.environmentName])).toEqual([
      [1, 'Sandbox'],
      [2, 'Sandbox'],
      [3, 'Sandbox'],
      [4, 'Sandbox'],
      [5, 'Sandbox'],
      [6, 'Second Sandbox'],
      [7, 'Second Sandbox'],
      [8, 'Second Sandbox'],
      [9, 'Second Sandbox'],
      [10, 'Second Sandbox'],
    ])

    const { bulkJobId } = await service.start(imported.importId, settings)
    await eventually(() => (finished.length > 0 ? true : undefined), 'the run to end')
    expect(service.job(bulkJobId)).toMatchObject({ state: 'finished', outcomes: { approved: 10 } })

    // Each row's update reached its own gateway, and History says where each went.
    const rows = service.rows(bulkJobId, { limit: 100 }).rows
    for (const row of rows) {
      const toSecond = row.rowNumber >= 6
      const sentTo = toSecond ? second : first
      const other = toSecond ? first : second
      const description = `Two environments row ${row.rowNumber}`
      expect(descriptions(sentTo), description).toContain(description)
      expect(descriptions(other), description).not.toContain(description)
      expect(history.get(row.historyId!)).toMatchObject({
        environmentId: toSecond ? secondId : firstId,
        outcome: 'approved',
      })
      expect(row.environmentName).toBe(toSecond ? 'Second Sandbox' : 'Sandbox')
    }
    expect(Object.fromEntries(keyLoads)).toEqual({ [firstId]: 1, [secondId]: 1 })

    // The journal keeps the environment by id: a resumed run sends each row where it went.
    expect(journal.row(bulkJobId, 7)!.overrides).toEqual({ environment: secondId })
    expect(journal.row(bulkJobId, 2)!.overrides).toBeNull()

    const exported = join(store.dir, 'two-environments-results.csv')
    await service.export(bulkJobId, exported)
    const [header, ...records] = readFileSync(exported, 'utf8').trim().split('\r\n')
    expect(header).toBe(
      'recurring-payment-id,amount,order_desc,row,environment,state,client-orderid,attempt,outcome,serial-number,error-code,message,history-id',
    )
    expect(records.map((record) => record.split(',')[4])).toEqual([
      ...Array(5).fill('Sandbox'),
      ...Array(5).fill('Second Sandbox'),
    ])
  })
})
