import { setMaxListeners } from 'node:events'
import type { CallbackLog, CallbackDelivery } from '../stores/callback-log'
import { callbackParameters } from './callback-parameters'
import type { CallbackSender } from './callback-sender'
import type { TransactionRecord } from '../stores/transaction-store'

/** Back-off between attempts: four retries after the first try. */
const DEFAULT_RETRY_DELAYS_MS = [500, 1000, 2000, 4000] as const

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]'])

/** The sandbox calls back only to this machine, so a demo can never reach out to the internet. */
function isLoopbackUrl(url: string): boolean {
  const { hostname, protocol } = new URL(url)
  const web = protocol === 'http:' || protocol === 'https:'
  return web && (LOOPBACK_HOSTS.has(hostname) || /^127\.\d+\.\d+\.\d+$/.test(hostname))
}

export interface CallbackDispatcher {
  /** Sends the transaction's callback in the background, retrying with back-off. */
  dispatch(transaction: TransactionRecord, target: string, controlKey: string): void
  /** Settles once every callback sent so far is delivered or has given up. */
  idle(): Promise<void>
  /** Gives up on pending tries and retries, and settles once each has recorded so. */
  stop(): Promise<void>
}

export function createCallbackDispatcher(options: {
  send: CallbackSender
  log: CallbackLog
  now: () => number
  retryDelaysMs?: readonly number[]
}): CallbackDispatcher {
  const { send, log, now } = options
  const retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS
  const pending = new Set<Promise<void>>()
  const stopping = new AbortController()
  const { signal } = stopping
  // Every callback in flight listens for the stop: there is no fixed number of them.
  setMaxListeners(0, signal)

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer)
        signal.removeEventListener('abort', done)
        resolve()
      }
      const timer = setTimeout(done, ms)
      signal.addEventListener('abort', done)
    })

  async function deliver(id: number, url: string): Promise<void> {
    const record = (state: CallbackDelivery['state'], attempts: number, lastResult: string) =>
      log.updateDelivery({ id, state, attempts, lastResult, updatedAt: now() })
    for (let attempt = 1; ; attempt++) {
      let result: string
      try {
        const status = await send(url, signal)
        if (status >= 200 && status < 300) return record('delivered', attempt, `HTTP ${status}`)
        result = `HTTP ${status}`
      } catch (error) {
        result = (error as Error).message
      }
      const delay = retryDelaysMs[attempt - 1]
      if (delay === undefined || signal.aborted) return record('failed', attempt, result)
      record('pending', attempt, `${result}; trying again in ${delay} ms`)
      await wait(delay)
      if (signal.aborted) {
        return record('failed', attempt, `${result}; the sandbox stopped before trying again`)
      }
    }
  }

  const idle = async () => {
    while (pending.size > 0) await Promise.all(pending)
  }

  return {
    dispatch(transaction, target, controlKey) {
      const url = new URL(target)
      for (const [name, value] of Object.entries(callbackParameters(transaction, controlKey))) {
        url.searchParams.append(name, value)
      }
      const base = { transactionId: transaction.id, url: url.href, attempts: 0, updatedAt: now() }
      if (!isLoopbackUrl(target)) {
        log.addDelivery({
          ...base,
          state: 'refused',
          lastResult:
            'not sent: the sandbox sends callbacks to loopback addresses only (127.0.0.1, ::1, localhost)',
        })
        return
      }
      const id = log.addDelivery({ ...base, state: 'pending', lastResult: 'not tried yet' })
      const delivery = deliver(id, url.href).finally(() => pending.delete(delivery))
      pending.add(delivery)
    },
    idle,
    async stop() {
      stopping.abort()
      await idle()
    },
  }
}
