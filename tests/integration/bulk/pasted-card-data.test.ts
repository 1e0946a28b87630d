import { recurringSending } from '../../../main/recurring/recurring-sending'
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBulkService } from '../../../main/bulk/bulk-service'
import { createImportSessions } from '../../../main/bulk/import-sessions'
import { createPastedTables } from '../../../main/bulk/pasted-tables'
import { createEnvironmentService } from '../../../main/environments/environment-service'
import { connectSandboxEnvironment } from '../../../main/environments/sandbox-environment'
import { createJobRunner } from '../../../main/platform/jobs/job-runner'
import { createKeytarSecretStore } from '../../../main/platform/keychain/keytar-secret-store'
import { createBulkJournal } from '../../../main/bulk/bulk-journal-repository'
import { createBulkMappings } from '../../../main/bulk/bulk-mappings-repository'
import { DATA_DIR_VARIABLE, databaseFile } from '../../../main/platform/db/data-dir'
import { openDatabase } from '../../../main/platform/db/database'
import { createHistoryRepository } from '../../../main/history/history-repository'
import { eventually } from '../../fixtures/eventually'
import { startTestSandbox, type TestSandbox } from '../../fixtures/sandbox'

// PCI DSS 3.3.1 and 3.5.1: a pasted table's card number and CVV2 are never readable on disk, at
// any moment: after the paste, while its job runs, paused, killed with SIGKILL (no chance to
// tidy up) in the command line, resumed in the app, and finished. Every file GateDesk wrote (the
// database and its -wal and -shm, the bulk folder, the temp folder the command line used) is
// read as bytes at each step. Runs in tests/with-keyring.sh: the app and the command line share
// the keychain's GateDesk service there, as they do on a desk, in a throwaway keyring.
const ROWS = 60
/** An Amex test number (passes Luhn): 15 digits that occur nowhere else by chance. */
const PAN = '378282246310005'
/**
 * A 4-digit CVV2 (Amex). Four digits can occur by chance inside other data (a uuid's group, a
 * random ciphertext), so a CVV2 counts as found when it stands as a value of its own (no letter,
 * digit, dot, colon or dash beside it, as in a TSV cell, a JSON string or a form value) or
 * follows a cvv2 label closely.
 */
const CVV2 = '7294'
const cvv2Found = (text: string) =>
  new RegExp(`(?<![0-9A-Za-z.:-])${CVV2}(?![0-9A-Za-z.:-])|cvv2.{0,40}${CVV2}`, 'is').test(text)

const dir = mkdtempSync(join(tmpdir(), 'gatedesk-pasted-card-'))
const dataDir = join(dir, 'data')
const cliTemp = join(dir, 'cli-temp')
const bin = new URL('../../../bin/gatedesk.js', import.meta.url).pathname
let sandbox: TestSandbox

mkdirSync(cliTemp)
const db = openDatabase(databaseFile(dataDir, {}))
const secrets = createKeytarSecretStore()
const environments = createEnvironmentService({ db, secrets })
const history = createHistoryRepository(db)
const journal = createBulkJournal(db)
const imports = createImportSessions({ mappings: createBulkMappings(db), dataDir })
const pastedTables = createPastedTables({ dataDir, secrets, journal })
const ended: string[] = []

beforeAll(async () => {
  // The CLI bundle is built now, not in the kill's time.
  await runCli(['--help'], null).catch(() => {})
  sandbox = await startTestSandbox()
  await connectSandboxEnvironment(environments, sandbox.sandbox)
}, 120_000)
afterAll(async () => {
  await sandbox.stop()
  sandbox.remove()
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

function service() {
  return createBulkService({
    recurringSending,
    environments: environments.local,
    history,
    gateway: sandbox.deps,
    journal,
    imports,
    pastedTables,
    jobs: createJobRunner({ progress: () => {}, finished: (e) => ended.push(e.outcome) }),
    emitProgress: () => {},
  })
}

function filesUnder(folder: string): string[] {
  if (!existsSync(folder)) return []
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
}

/** What of the card data any file GateDesk wrote holds readably, by file. */
function cardDataOnDisk(step: string): string[] {
  const found: string[] = []
  for (const file of [...filesUnder(dataDir), ...filesUnder(cliTemp)]) {
    const text = readFileSync(file).toString('latin1')
    if (text.includes(PAN)) found.push(`${step}: ${file} holds the card number`)
    if (text.includes(PAN.slice(0, 12))) found.push(`${step}: ${file} holds its first 12 digits`)
    if (cvv2Found(text)) found.push(`${step}: ${file} holds the CVV2`)
  }
  return found
}

/** Runs `gatedesk bulk-update`; once the job runs, kills it with SIGKILL after `killAfterMs`. */
function runCli(args: string[], killAfterMs: number | null) {
  return new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'bulk-update', ...args], {
      env: { ...process.env, [DATA_DIR_VARIABLE]: dataDir, TMPDIR: cliTemp },
    })
    let stderr = ''
    let armed = false
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk
      if (killAfterMs !== null && !armed && /resuming/.test(stderr)) {
        armed = true
        setTimeout(() => child.kill('SIGKILL'), killAfterMs)
      }
    })
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stderr }))
  })
}

const rowsOf = (jobId: string) => journal.rows(jobId, { limit: 1000 }).rows

describe('card data of a pasted table', () => {
  it('is never readable on disk: pasted, run, paused, killed, resumed, finished', async () => {
    const lines = [
      'recurring-payment-id\tamount\torder_desc\tcredit-card-number\tcard-printed-name\texpire-year\texpire-month\tcvv2',
    ]
    const profiles = sandbox.sandbox.service.profiles().map((p) => p.id)
    for (let row = 1; row <= ROWS; row++) {
      const profile = profiles[row % profiles.length]
      lines.push(`${profile}\t${row}.50\tCard row ${row}\t${PAN}\tANNA ONEIL\t2030\t12\t${CVV2}`)
    }
    const app = service()
    const imported = await imports.paste(lines.join('\n'))
    expect(cardDataOnDisk('pasted')).toEqual([])

    const environmentId = environments.local.list()[0]!.id
    const settings = { environmentId, profileType: null, concurrency: 2, rate: 15 }
    const { bulkJobId } = await app.start(imported.importId, settings)
    await eventually(() => (app.job(bulkJobId).states.done >= 5 ? true : undefined), 'rows sent')
    app.pause(bulkJobId)
    expect(cardDataOnDisk('running, paused')).toEqual([])
    // The app quits with the job paused; the command line takes it over and is killed.
    await app.suspendAll()
    const doneBefore = app.job(bulkJobId).states.done
    const killed = await runCli(
      ['--connection', sandbox.sandbox.connectionFile, '--resume', bulkJobId],
      700,
    )
    expect(killed.code, killed.stderr).toBeNull()
    const afterKill = rowsOf(bulkJobId)
    // It sent rows with the table's key from the keychain, and was killed before the last.
    expect(afterKill.filter((row) => row.state === 'done').length).toBeGreaterThan(doneBefore)
    expect(afterKill.filter((row) => row.state === 'pending').length).toBeGreaterThan(0)
    expect(cardDataOnDisk('killed')).toEqual([])

    // The app starts again, takes the job over and finishes it.
    const restarted = service()
    expect(restarted.recoverInterrupted()).toBe(1)
    await restarted.resume(bulkJobId)
    await eventually(
      () => (restarted.job(bulkJobId).live ? undefined : true),
      'the run to end',
      30_000,
    )
    expect(cardDataOnDisk('resumed')).toEqual([])
    const unknown = rowsOf(bulkJobId).filter((row) => row.state === 'unknown')
    if (unknown.length > 0) {
      // Rows in flight at the kill go again without their CVV2: it was gone once they left.
      await restarted.decide(
        bulkJobId,
        unknown.map((row) => row.rowNumber),
        'resend',
      )
      await restarted.resume(bulkJobId)
      await eventually(
        () => (restarted.job(bulkJobId).live ? undefined : true),
        'the resend',
        30_000,
      )
    }
    const finished = restarted.job(bulkJobId)
    expect(finished).toMatchObject({ state: 'finished', states: { done: ROWS } })
    expect(finished.outcomes).toEqual({ approved: ROWS })
    expect(cardDataOnDisk('finished')).toEqual([])

    // Nothing left to send: the table is shredded, its key gone from the keychain.
    const table = journal.job(bulkJobId)!.source.path
    await eventually(() => (existsSync(table) ? undefined : true), 'the table to be shredded')
    const tableId = /pasted-(.+)\.sealed$/.exec(table)![1]!
    expect(await secrets.has({ kind: 'pasted-table-key', tableId })).toBe(false)
    expect(rowsOf(bulkJobId).filter((row) => row.sealedCardCode !== null)).toEqual([])
    // Resumed from the command line now, the job says why it cannot be, and what to do.
    const again = await runCli(
      ['--connection', sandbox.sandbox.connectionFile, '--resume', bulkJobId],
      null,
    )
    expect(again.code).not.toBe(0)
    expect(again.stderr).toMatch(/is no longer kept: .* Paste the table again to start a new job/)
  }, 120_000)
})
