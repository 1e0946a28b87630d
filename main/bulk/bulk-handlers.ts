import { writeFile } from 'node:fs/promises'
import { basename } from 'node:path'
import { sampleCsv } from './sample-csv'
import type { BulkService } from './bulk-service'
import type { ImportSessions } from './import-sessions'
import {
  ALL_FILES,
  dialogWords,
  type FileDialogs,
  type OfferedFilter,
} from '../platform/electron/dialogs'
import type { Handlers } from '../platform/electron/ipc'

type BulkChannel = Extract<keyof Handlers, `bulk:${string}`>

const CSV_FILES: OfferedFilter[] = [
  { id: 'csvFiles', extensions: ['csv', 'txt', 'tsv'] },
  ALL_FILES,
]

/** Empty or absent: detect it. */
const hints = (input: { encoding?: string; delimiter?: string }) => ({
  ...(input.encoding ? { encoding: input.encoding } : {}),
  ...(input.delimiter ? { delimiter: input.delimiter } : {}),
})

export function bulkHandlers(deps: {
  bulk: BulkService
  imports: ImportSessions
  dialogs: FileDialogs
}): Pick<Handlers, BulkChannel> {
  const { bulk, imports, dialogs } = deps
  return {
    'bulk:open-file': async (input) => {
      const file = await dialogs.chooseFileToOpen(
        dialogWords(input, 'bulk.dialogs.open', CSV_FILES),
      )
      if (!file) return { kind: 'cancelled' as const }
      return { kind: 'imported' as const, import: await imports.openFile(file, hints(input)) }
    },
    'bulk:reread': ({ importId, ...input }) => imports.reread(importId, hints(input)),
    'bulk:paste': ({ text }) => imports.paste(text),
    'bulk:set-mapping': async ({ importId, mapping }) => imports.setMapping(importId, mapping),
    'bulk:preview': async ({ importId, filter, offset, limit }) =>
      imports.preview(importId, filter, offset, limit),
    'bulk:fix': async ({ importId, rowNumber, column, value }) =>
      imports.fix(importId, rowNumber, column, value),
    'bulk:convert-decimal-commas': async ({ importId, column }) =>
      imports.convertDecimalCommas(importId, column),
    'bulk:exclude': async ({ importId, rowNumbers, excluded }) => ({
      changed: imports.exclude(importId, rowNumbers, excluded),
    }),
    'bulk:dry-run': async ({ importId, settings }) => bulk.dryRun(importId, settings),
    'bulk:start': async ({ importId, settings }) => bulk.start(importId, settings),
    'bulk:jobs': async () => bulk.jobs(),
    'bulk:send-failed-again': ({ bulkJobId }) => bulk.sendFailedAgain(bulkJobId),
    'bulk:pause': async ({ bulkJobId }) => bulk.pause(bulkJobId),
    'bulk:resume': ({ bulkJobId }) => bulk.resume(bulkJobId),
    'bulk:cancel': ({ bulkJobId }) => bulk.cancel(bulkJobId),
    'bulk:rows': async ({ bulkJobId, ...filter }) => bulk.rows(bulkJobId, filter),
    'bulk:decide': async ({ bulkJobId, rowNumbers, decision }) => ({
      changed: await bulk.decide(bulkJobId, rowNumbers, decision),
    }),
    'bulk:save-sample': async (input) => {
      const file = await dialogs.chooseFileToSave({
        ...dialogWords(input, 'bulk.dialogs.sample', CSV_FILES),
        defaultName: 'gatedesk-bulk-sample.csv',
      })
      if (!file) return { kind: 'cancelled' as const }
      await writeFile(file, sampleCsv(), 'utf8')
      return { kind: 'saved' as const, fileName: basename(file) }
    },
    'bulk:export': async (input) => {
      const { bulkJobId } = input
      const file = await dialogs.chooseFileToSave({
        ...dialogWords(input, 'bulk.dialogs.export', CSV_FILES),
        defaultName: `bulk-results-${bulkJobId.slice(5, 13)}.csv`,
      })
      if (!file) return { kind: 'cancelled' as const }
      const rows = await bulk.export(bulkJobId, file)
      return { kind: 'saved' as const, fileName: basename(file), rows }
    },
  }
}
