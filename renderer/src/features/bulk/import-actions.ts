import { call } from '../../platform/bridge'
import { dialogText } from '../../platform/i18n/dialog-filters'
import type { useBulkStore } from './bulk-store'

/** Saves a sample CSV of updates where the user picks in main's dialog: its file name, or null. */
export async function saveSampleCsv(title: string): Promise<string | null> {
  const result = await call('bulk:save-sample', dialogText(title))
  return result.kind === 'saved' ? result.fileName : null
}

/**
 * Writes every decimal comma of a money column of the import with a point (fixes in place; the
 * dry run is then out of date): how many amounts it wrote.
 */
export async function convertDecimalCommas(
  store: ReturnType<typeof useBulkStore>,
  column: number,
): Promise<number> {
  if (!store.imported) return 0
  const { importId } = store.imported
  const result = await call('bulk:convert-decimal-commas', { importId, column })
  await store.useImport(result.import)
  return result.converted
}
