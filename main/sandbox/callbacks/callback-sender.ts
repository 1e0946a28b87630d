import { get as httpGet } from 'node:http'
import { Agent, get as httpsGet } from 'node:https'
import { createSecureContext, rootCertificates } from 'node:tls'

/** Sends one callback GET; resolves with the HTTP status, rejects when no answer came. */
export type CallbackSender = (url: string, signal: AbortSignal) => Promise<number>

const CALLBACK_TIMEOUT_MS = 10_000

/**
 * A GET with node:http(s): HTTPS callbacks are verified against the system roots plus the
 * sandbox's own certificate, so a callback to the sandbox's inbox is trusted and nothing else is.
 */
export function httpCallbackSender(sandboxCaPem: string): CallbackSender {
  // Built once: parsing the ~150 system roots for every callback would cost tens of milliseconds.
  const secureContext = createSecureContext({ ca: [...rootCertificates, sandboxCaPem] })
  // Its own agent, which holds the context: no socket is shared with requests trusting otherwise.
  const agent = new Agent({ secureContext })
  return (url, signal) =>
    new Promise((resolve, reject) => {
      const target = new URL(url)
      const options = { signal, timeout: CALLBACK_TIMEOUT_MS }
      const request =
        target.protocol === 'https:'
          ? httpsGet(target, { ...options, agent })
          : httpGet(target, options)
      request.on('timeout', () => request.destroy(new Error('no answer in time')))
      request.on('error', reject)
      request.on('response', (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
        response.on('error', reject)
      })
    })
}
