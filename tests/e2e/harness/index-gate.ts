import { fileURLToPath } from 'node:url'
import { BroadcastChannel } from 'node:worker_threads'
import {
  sourceScript,
  type ScriptName,
  type ScriptRef,
} from '../../../main/platform/workers/script-ref'
import { INDEX_GATE_CHANNEL } from './index-gate-channel'

/**
 * Holds the reading of reports in the e2e app until the test lets it go. A million rows are read
 * in well under a second: a test of what the window offers meanwhile (Cancel) would race it.
 */
export interface IndexGate {
  /** Index threads started from now on wait, before their first read, until the returned call. */
  hold(): () => void
  /** The app's scripts: the index thread behind this gate, the others as they are. */
  scripts(name: ScriptName): ScriptRef
  close(): void
}

const GATED_INDEX_WORKER = fileURLToPath(new URL('./gated-index.worker.ts', import.meta.url))

export function createIndexGate(): IndexGate {
  // Worker threads of this process hear it through a BroadcastChannel of the same name.
  const channel = new BroadcastChannel(INDEX_GATE_CHANNEL)
  channel.unref()
  let held = false
  channel.onmessage = () => {
    if (!held) channel.postMessage('go')
  }
  return {
    hold() {
      held = true
      return () => {
        held = false
        channel.postMessage('go')
      }
    },
    scripts: (name) =>
      name === 'row-index-worker'
        ? { ...sourceScript(name), file: GATED_INDEX_WORKER }
        : sourceScript(name),
    close: () => channel.close(),
  }
}
