import { randomUUID } from 'node:crypto'
import { readdirSync, rmSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { fileSystemError } from '../platform/csv/csv-error'
import type { PastedTableKeyRef, SecretStore } from '../platform/keychain/secret-store'
import { SecretStoreError } from '../platform/keychain/secret-store-errors'
import type { BulkJob, BulkJournal } from './bulk-journal-repository'
import { privateDir } from '../platform/db/private-files'
import { BulkFileError } from './bulk-file-error'
import { sha256Of, type BulkSource } from './bulk-source'
import { newSealKey, seal, SEAL_KEY_BYTES, unseal } from './sealed-bytes'
import { explainedError } from '../platform/i18n/english'

/**
 * Pasted tables hold card numbers and CVV2s, so none is ever readable on disk (README, "Pasted
 * tables and card data: why this design"). While imported, a table lives in memory only. A job
 * made from it points at a stored copy encrypted with AES-256-GCM under a random key of its own,
 * kept in the OS keychain; the copy keeps only the columns the job sends, and no CVV2: each
 * pending row's CVV2 is kept encrypted in the journal until the row leaves. When the job can
 * send nothing more (or 30 days after it ended with rows left), the key is deleted from the
 * keychain, and with it every copy of the table, wherever its bytes linger.
 */
const PASTED_TABLE_KEEP_DAYS = 30
const DAY_MS = 86_400_000
const SEALED = /^pasted-([0-9a-f-]{36})\.sealed$/
/** A pasted table as earlier versions stored it, in clear: removed at start, whatever its job. */
const IN_CLEAR = /^pasted-.*\.tsv$/
const CARD_CODE = 'cvv2'
const FILE_MODE = 0o600

const folderOf = (dataDir: string) => join(dataDir, 'bulk')
const tableIdOf = (path: string) => SEALED.exec(basename(path))?.[1] ?? null
const keyRef = (tableId: string): PastedTableKeyRef => ({ kind: 'pasted-table-key', tableId })
const cardCodeContext = (tableId: string, rowNumber: number) => `${tableId}/row/${rowNumber}/cvv2`

/** Where a table pasted now is stored if a job is made from it; nothing is written before. */
export const pastedTablePath = (dataDir: string) =>
  join(folderOf(dataDir), `pasted-${randomUUID()}.sealed`)

/**
 * Whether the file is a pasted table GateDesk stores (not a file of the user's): by its name and
 * folder alone, as the command line may see the app's data folder under another name.
 */
export const isPastedTable = (path: string) =>
  SEALED.test(basename(path)) && basename(dirname(path)) === 'bulk'

const shredded = (path: string) => explainedError('bulk.pasted.shredded', { file: basename(path) })

const damaged = (path: string) => explainedError('bulk.pasted.damaged', { file: basename(path) })

/** What a job is made from: the stored copy, and each row's CVV2 encrypted for the journal. */
export interface StoredPastedTable {
  source: BulkSource
  sealedCardCodes: ReadonlyMap<number, Uint8Array>
}

interface StoredRows {
  headers: string[]
  rows: string[][]
}

/** Stores, opens and shreds pasted tables; the keys are in `secrets` (the OS keychain). */
export function createPastedTables(deps: {
  dataDir: string
  secrets: SecretStore
  journal: BulkJournal
}) {
  const { journal, secrets } = deps

  /** The source as stored, opening its rows' CVV2s with the table's key. */
  function withCardCodes(source: BulkSource, key: Buffer, tableId: string): BulkSource {
    return {
      ...source,
      openCardCode(rowNumber, sealed) {
        const code = unseal(key, sealed, cardCodeContext(tableId, rowNumber))
        if (code === null) throw damaged(source.path)
        return code.toString('utf8')
      },
    }
  }

  /** Whether the job may still send a row of its table, within the keep. */
  function mayStillSend(job: BulkJob, now: Date) {
    const { pending, 'in-flight': inFlight, unknown } = journal.counts(job.id).states
    if (pending + inFlight + unknown === 0) return false
    const ended = (job.state === 'finished' || job.state === 'cancelled') && job.finishedAt !== null
    return !ended || now.getTime() - Date.parse(job.finishedAt!) <= PASTED_TABLE_KEEP_DAYS * DAY_MS
  }

  /** Deletes the key first: from then on, every copy of the table is unreadable. */
  async function shred(path: string): Promise<void> {
    const tableId = tableIdOf(path)
    if (tableId !== null) await secrets.delete(keyRef(tableId))
    for (const job of journal.jobsOfSource(path)) journal.forgetCardCodes(job.id)
    rmSync(path, { force: true })
  }

  return {
    isPasted: isPastedTable,

    /**
     * Stores the table a job is made from (as imported, with the fixes made to it): only the
     * mapped columns, no CVV2 (those are returned encrypted, for the journal's rows).
     */
    async store(
      source: BulkSource,
      mapping: readonly (string | null)[],
      fixes: ReadonlyMap<number, Record<string, string>>,
    ): Promise<StoredPastedTable> {
      const tableId = tableIdOf(source.path)
      if (tableId === null) throw new Error(`${source.path} is not a pasted table's place`)
      const key = newSealKey()
      const sealedCardCodes = new Map<number, Uint8Array>()
      const rows = source.rows.map((fields, index) => {
        const rowNumber = index + 1
        const fixed = fixes.get(rowNumber) ?? {}
        return source.headers.map((_, column) => {
          const parameter = mapping[column] ?? null
          if (parameter === null) return ''
          const value = fixed[parameter] ?? fields[column] ?? ''
          if (parameter !== CARD_CODE) return value
          if (value.trim() !== '') {
            const context = cardCodeContext(tableId, rowNumber)
            sealedCardCodes.set(rowNumber, seal(key, Buffer.from(value.trim()), context))
          }
          return ''
        })
      })
      const stored: StoredRows = { headers: source.headers, rows }
      const plain = Buffer.from(JSON.stringify(stored))
      // The file before its key: a crash between them leaves a file no one can read, swept at start.
      privateDir(folderOf(deps.dataDir))
      writeFileSync(source.path, seal(key, plain, tableId), { mode: FILE_MODE, flag: 'wx' })
      try {
        await secrets.set(keyRef(tableId), key.toString('base64'))
      } catch (error) {
        rmSync(source.path, { force: true })
        throw error
      }
      const storedSource = { ...source, ...stored, sha256: sha256Of(plain) }
      return { source: withCardCodes(storedSource, key, tableId), sealedCardCodes }
    },

    /** A job's pasted table, decrypted in memory; checked as openJobSource checks a file. */
    async open(job: BulkJob): Promise<BulkSource> {
      const { path } = job.source
      const tableId = tableIdOf(path)
      if (tableId === null) throw shredded(path)
      let key: Buffer
      try {
        key = Buffer.from(await secrets.get(keyRef(tableId)), 'base64')
      } catch (error) {
        if (error instanceof SecretStoreError && error.kind === 'missing') throw shredded(path)
        throw error
      }
      let sealed: Buffer
      try {
        sealed = await readFile(path)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw shredded(path)
        throw fileSystemError(path, error)
      }
      const plain = key.length === SEAL_KEY_BYTES ? unseal(key, sealed, tableId) : null
      if (plain === null) throw damaged(path)
      const sha256 = sha256Of(plain)
      if (sha256 !== job.source.sha256) {
        throw new BulkFileError('file-changed', 'changed', { file: basename(path), job: job.id })
      }
      const { headers, rows } = JSON.parse(plain.toString('utf8')) as StoredRows
      const { encoding, delimiter } = job.source
      return withCardCodes({ path, sha256, encoding, delimiter, headers, rows }, key, tableId)
    },

    shred,

    /** Shreds the job's pasted table once no job of it may send a row any more. */
    async shredIfSpent(jobId: string, now = new Date()): Promise<boolean> {
      const job = journal.job(jobId)
      if (!job || !isPastedTable(job.source.path)) return false
      if (journal.jobsOfSource(job.source.path).some((of) => mayStillSend(of, now))) return false
      await shred(job.source.path)
      return true
    },

    /**
     * At app start (no import open yet): shreds the pasted tables no job may send from any more
     * (or of no job: a crash before it was journaled), and removes tables earlier versions kept
     * in clear. Returns how many went.
     */
    async sweep(now: Date): Promise<number> {
      const folder = folderOf(deps.dataDir)
      let names: string[]
      try {
        names = readdirSync(folder)
      } catch {
        return 0 // nothing was ever pasted
      }
      let removed = 0
      for (const name of names) {
        const path = join(folder, name)
        if (IN_CLEAR.test(name)) {
          rmSync(path, { force: true })
        } else if (!SEALED.test(name)) {
          continue
        } else if (journal.jobsOfSource(path).some((job) => mayStillSend(job, now))) {
          continue
        } else {
          await shred(path)
        }
        removed++
      }
      return removed
    },
  }
}

export type PastedTables = ReturnType<typeof createPastedTables>
