import type { BulkRunSettings } from '../../preload/contract/bulk/bulk-channels'
import type { BulkJob } from './bulk-journal-repository'
import type { BulkSource } from './bulk-source'
import { sessionRows } from './dry-run'
import type { ImportSession } from './import-sessions'
import type { BulkJobService } from './job-service'
import type { PastedTables } from './pasted-tables'
import type { NamedEnvironment, RowEnvironments } from './row-environments'
import { explainedError } from '../platform/i18n/english'

/**
 * Journals a job from an import, rows that break the rules left out; a pasted table is stored
 * encrypted first (pasted-tables.ts), and shredded again if no job comes of it.
 */
export async function jobFromImport(
  deps: { bulkJobs: BulkJobService; pastedTables: PastedTables },
  session: ImportSession,
  settings: BulkRunSettings & { environment: NamedEnvironment },
  environments: RowEnvironments,
): Promise<{ job: BulkJob; source: BulkSource }> {
  const { bulkJobs, pastedTables } = deps
  if (!session.mapping.includes('recurring-payment-id')) {
    throw explainedError('bulk.job.no-profile-id-column')
  }
  const { refused } = sessionRows(session, settings.profileType, environments)
  const pasted = session.pasted
    ? await pastedTables.store(session.source, session.mapping, session.fixes)
    : null
  const source = pasted?.source ?? session.source
  try {
    const job = bulkJobs.create(source, {
      environment: { id: settings.environment.id, name: settings.environment.name },
      mapping: session.mapping,
      profileType: settings.profileType,
      environments,
      concurrency: settings.concurrency,
      rate: settings.rate,
      excluded: new Set([...session.excluded, ...refused]),
      fixes: session.fixes,
      sealedCardCodes: pasted?.sealedCardCodes,
    })
    return { job, source }
  } catch (error) {
    if (pasted) await pastedTables.shred(source.path)
    throw error
  }
}
