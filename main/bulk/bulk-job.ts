import { randomUUID } from 'node:crypto'
import type { RecurringProfileType } from '../../preload/contract/recurring/recurring-parameters'
import { isCardData } from '../platform/privacy/redaction'
import type { BulkJob, BulkJournal, NewBulkRow } from './bulk-journal-repository'
import type { BulkSource } from './bulk-source'
import { newOrderPrefix, orderIdOf } from './order-ids'
import { ENVIRONMENT_COLUMN, fixesIn, tableRowInputs } from './column-mapping'
import type { RowEnvironments } from './row-environments'

export interface BulkJobSettings {
  environment: { id: string; name: string }
  mapping: (string | null)[]
  profileType: RecurringProfileType | null
  /** What a row's environment cell may name. */
  environments?: RowEnvironments
  concurrency: number
  rate: number | null
  /** Row numbers left out of the job. */
  excluded?: ReadonlySet<number>
  /** Fixes made in place, by row number; card data among them is not journaled. */
  fixes?: ReadonlyMap<number, Record<string, string>>
  /** A pasted table's CVV2s, encrypted (StoredPastedTable), by row number. */
  sealedCardCodes?: ReadonlyMap<number, Uint8Array>
}

export const DEFAULT_CONCURRENCY = 4

/** Fixes the journal may keep: never card data, which stays in the app's memory only. */
export function journaledFixes(fixes: Readonly<Record<string, string>> | null | undefined) {
  if (!fixes) return null
  const kept = Object.entries(fixes).filter(([name]) => !isCardData(name))
  return kept.length > 0 ? Object.fromEntries(kept) : null
}

/**
 * Journals a new job over a source file: each included row pending, with its own client-orderid
 * (the file's own when it has one, else the job's prefix and the row number).
 */
export function createBulkJob(
  journal: BulkJournal,
  source: BulkSource,
  settings: BulkJobSettings,
): BulkJob {
  const id = `bulk-${randomUUID()}`
  const orderPrefix = newOrderPrefix()
  const rows: NewBulkRow[] = []
  const fixesOf = fixesIn(settings.fixes)
  const inputOf = tableRowInputs(source.rows, settings.mapping, fixesOf, settings.profileType)
  source.rows.forEach((_, index) => {
    const rowNumber = index + 1
    if (settings.excluded?.has(rowNumber)) return
    const fixes = fixesOf(rowNumber)
    const input = inputOf(rowNumber)
    const { parameters } = input
    // The row's environment journaled by id: a resumed run sends it where the first run did.
    const environment =
      input.environment === null ? undefined : settings.environments?.find(input.environment)
    rows.push({
      rowNumber,
      clientOrderId: parameters['client-orderid'] ?? orderIdOf(orderPrefix, rowNumber),
      profileId: parameters['recurring-payment-id'] ?? null,
      overrides: journaledFixes(
        environment ? { ...fixes, [ENVIRONMENT_COLUMN]: environment.id } : fixes,
      ),
      sealedCardCode: settings.sealedCardCodes?.get(rowNumber) ?? null,
    })
  })
  journal.create(
    {
      id,
      source: {
        path: source.path,
        sha256: source.sha256,
        encoding: source.encoding,
        delimiter: source.delimiter,
        mapping: settings.mapping,
      },
      environment: settings.environment,
      profileType: settings.profileType,
      concurrency: settings.concurrency,
      rate: settings.rate,
      orderPrefix,
    },
    rows,
  )
  return journal.job(id)!
}
