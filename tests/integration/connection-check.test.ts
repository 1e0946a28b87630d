import type { ServerResponse } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkConnection } from '../../main/environments/connection-check'
import { SPEC_PATHS } from '../../main/gateway/environment'
import type { GatewayDeps, SigningSecrets } from '../../main/gateway/gateway-client'
import { httpsPost, httpsPostToFile } from '../../main/gateway/https-transport'
import { randomNonce } from '../../main/gateway/oauth1'
import { startHttpsTestServer, type HttpsTestServer } from '../fixtures/https-test-server'

const MiB = 1024 * 1024
const deps: GatewayDeps = { httpsPost, httpsPostToFile, now: Date.now, nonce: randomNonce }
const secrets: SigningSecrets = {
  controlKey: async () => 'control-key',
  rsaPrivateKey: async () => {
    throw new Error('a connection check signs with the control key only')
  },
}
let server: HttpsTestServer
const sent = { bytes: 0 }

/** A CSV-looking answer that goes on for up to 256 MiB, as fast as the reader takes it. */
async function flood(response: ServerResponse) {
  response.writeHead(200, { 'Content-Type': 'text/csv' })
  const chunk = Buffer.from('"x",'.repeat(4096))
  while (sent.bytes < 256 * MiB && !response.destroyed) {
    sent.bytes += chunk.length
    if (!response.write(chunk)) {
      await new Promise((resolve) => {
        response.once('drain', resolve)
        response.once('close', resolve)
      })
    }
  }
  response.end()
}

beforeAll(async () => {
  server = await startHttpsTestServer((request, response) => {
    request.resume()
    request.on('end', () => void flood(response))
  })
})
afterAll(() => server.close())

describe('checkConnection', () => {
  it('reads at most 64 KiB of the answer: an endless one is cut off, not saved', async () => {
    const check = await checkConnection(
      deps,
      {
        baseUrl: server.url(''),
        endpointId: '1',
        merchantLogin: 'shop',
        ...SPEC_PATHS,
        oauthInBody: true,
        extraCaPem: server.caPem,
      },
      secrets,
    )

    expect(check.outcome).toBe('answered-unexpectedly')
    expect(check.message).toContain('went past 64 KiB')
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(sent.bytes).toBeLessThan(64 * MiB)
  })
})
