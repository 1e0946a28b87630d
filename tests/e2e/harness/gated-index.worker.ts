// The e2e app's index thread (see index-gate.ts): asks the gate, and once it says go, becomes the
// app's own index thread. The job the app posts meanwhile waits in the thread's port.
import { BroadcastChannel } from 'node:worker_threads'
import { INDEX_GATE_CHANNEL } from './index-gate-channel'

const gate = new BroadcastChannel(INDEX_GATE_CHANNEL)
await new Promise<void>((go) => {
  gate.onmessage = (event) => {
    if (event.data === 'go') go()
  }
  gate.postMessage('ask')
})
gate.close()
await import('../../../main/platform/csv/row-index.worker')
