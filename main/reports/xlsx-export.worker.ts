// Worker thread entry: writes one XLSX export of a report's view (see exportViewXlsxInWorker),
// reading the view's rows from the report file itself, so that exceljs's garbage stays in this
// thread's small heap and not in main's.
import { parentPort } from 'node:worker_threads'
import { openViewFile } from './view-file'
import type { XlsxWorkerFailure, XlsxWorkerJob, XlsxWorkerMessage } from './xlsx-worker-messages'
import { writeXlsx } from './xlsx-export'

/** An error as values that cross to main: its code and params when it has them. */
function failureOf(error: unknown): XlsxWorkerFailure {
  if (!(error instanceof Error)) return { message: String(error) }
  const { messageCode, params, code } = error as Partial<XlsxWorkerFailure> & { code?: unknown }
  return {
    message: error.message,
    ...(typeof messageCode === 'string' ? { messageCode, params: params ?? {} } : {}),
    ...(error.name === 'CsvProblemError' ? { csvCode: code as XlsxWorkerFailure['csvCode'] } : {}),
  }
}

const port = parentPort!
const post = (message: XlsxWorkerMessage) => port.postMessage(message)

port.once('message', async (job: XlsxWorkerJob) => {
  // Cancelling terminates this thread: nothing here is ever aborted.
  const context = { signal: new AbortController().signal, progress: progressTo(post) }
  const source = await openViewFile(job.file).catch((error: unknown) => {
    post({ kind: 'failed', failure: failureOf(error) })
    return null
  })
  if (source) {
    try {
      post({
        kind: 'done',
        ...(await writeXlsx(source, job.part, job.columns, context, job.sheets)),
      })
    } catch (error) {
      post({ kind: 'failed', failure: failureOf(error) })
    } finally {
      await source.close()
    }
  }
  port.close()
})

function progressTo(send: typeof post) {
  return (done: number, total: number | null) =>
    send({ kind: 'progress', done, total: total ?? done })
}
