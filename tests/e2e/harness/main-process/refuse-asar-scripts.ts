// Electron's tests start no ES-module worker and no utility process from inside an asar: here,
// whatever Electron does, one is refused. Imported by the runner of the main process, and
// preloaded (--import, through Node's type stripping: no imports but Node's) into each process
// the `electron` stand-in starts. A process whose script is inside app.asar exits before its
// first message; a worker thread started from inside it fails before its first message.
import { createRequire, syncBuiltinESMExports } from 'node:module'
import { sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Worker as NodeWorker, WorkerOptions } from 'node:worker_threads'

const insideAsar = (file: string) => file.split(sep).includes('app.asar')
const refusal = (file: string) => `refused by the electron stand-in: ${file} is inside app.asar`

const script = process.argv[1] ?? ''
if (insideAsar(script)) {
  console.error(refusal(script))
  process.exit(1)
}

const threads = createRequire(import.meta.url)('node:worker_threads') as {
  Worker: typeof NodeWorker
}
const { Worker } = threads
class AsarRefusingWorker extends Worker {
  constructor(file: string | URL, options?: WorkerOptions) {
    const path = file instanceof URL ? fileURLToPath(file) : file
    if (insideAsar(path)) super(`throw new Error(${JSON.stringify(refusal(path))})`, { eval: true })
    else super(file, options)
  }
}
threads.Worker = AsarRefusingWorker
// The bundles import { Worker } from 'node:worker_threads': their binding follows.
syncBuiltinESMExports()
