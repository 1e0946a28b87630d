// Worker thread entry of the query process: extracts each part of a file it is sent, and
// replies to each once (see extractionThread in extraction-thread.ts).
import { parentPort } from 'node:worker_threads'
import { CsvProblemError } from '../../platform/csv/csv-problem'
import { extractColumns } from './column-extract'
import type { ExtractJob, ExtractReply } from './extraction-thread'

const port = parentPort!
port.on('message', (job: ExtractJob) => {
  extractColumns(job.file, job.target, job.options).then(
    (result) => port.postMessage({ ok: true, result } satisfies ExtractReply),
    (error: unknown) =>
      port.postMessage({
        ok: false,
        message: error instanceof Error ? error.message : String(error),
        // A CSV problem (the file changed) goes as code and values: main words it.
        ...(error instanceof CsvProblemError && {
          problem: { code: error.code, messageCode: error.messageCode, params: error.params },
        }),
      } satisfies ExtractReply),
  )
})
