// Worker thread entry: indexes one CSV file (see indexRows in row-index.ts).
import { parentPort } from 'node:worker_threads'
import type { IndexMessage } from './row-index'
import { indexFailure, indexFileRows, type IndexJob } from './row-index-file'

const port = parentPort!
// The thread starts before its file is known (see startIndexThread): the job comes as a message.
port.once('message', async (job: IndexJob) => {
  try {
    const index = await indexFileRows(job, (progress) =>
      port.postMessage({ kind: 'progress', progress }),
    )
    const message: IndexMessage = { kind: 'done', index }
    // Transferred, not copied: 10M rows make 80 MB of offsets.
    const sampled = index.sample?.windows.map((window) => window.bytes.buffer as ArrayBuffer) ?? []
    port.postMessage(message, [index.offsets.buffer as ArrayBuffer, ...sampled])
  } catch (error) {
    port.postMessage({ kind: 'failed', ...indexFailure(error, job.file) } satisfies IndexMessage)
  }
  port.close()
})
