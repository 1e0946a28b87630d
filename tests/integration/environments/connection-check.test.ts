import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import type { ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkConnection } from '../../../main/environments/connection-check'
import { SPEC_PATHS } from '../../../main/platform/gateway/environment'
import type { GatewayDeps, SigningSecrets } from '../../../main/platform/gateway/gateway-client'
import { httpsPost, httpsPostToFile } from '../../../main/platform/gateway/https-transport'
import { randomNonce } from '../../../main/platform/gateway/oauth1'
import { createAppI18n } from '../../../renderer/src/platform/i18n/create'
import { explainWith, type Wording } from '../../../preload/contract/locales/explain'
import { startHttpsTestServer, type HttpsTestServer } from '../../fixtures/https-test-server'

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
/** How the server answers the probe: a flood, or a short text. */
let answer: ((response: ServerResponse) => void) | null = null
const russian = createAppI18n('ru').global as unknown as Wording
/** The app's owner-only temp folder, as a session has one. */
let workDir: string

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
  workDir = mkdtempSync(join(tmpdir(), 'gatedesk-test-session-'))
  server = await startHttpsTestServer((request, response) => {
    request.resume()
    request.on('end', () => (answer ? answer(response) : void flood(response)))
  })
})
afterAll(() => {
  server.close()
  rmSync(workDir, { recursive: true, force: true })
})

const check = (options: Omit<Parameters<typeof checkConnection>[3], 'workDir'> = {}) =>
  checkConnection(
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
    { workDir, ...options },
  )

const text = (body: string) => (response: ServerResponse) => {
  response.writeHead(200, { 'Content-Type': 'text/plain' })
  response.end(body)
}

describe('checkConnection', () => {
  it("words the gateway's refusal, and an answer that is no report, inside its own message in Russian", async () => {
    answer = text('Access denied for merchant shop')
    const rejected = await check()
    expect(rejected.outcome).toBe('credentials-rejected')
    expect(explainWith(russian, rejected)).toBe(
      'Шлюз доступен по TLS с проверкой сертификата, но отклонил логин мерчанта или контрольный ключ. Шлюз сообщает, что у мерчанта нет доступа к этому отчёту («Access denied for merchant shop»). Проверьте логин мерчанта и контрольный ключ окружения, а также что поддержка включила этот отчёт.',
    )
    answer = text('')
    const unexpected = await check()
    expect(unexpected.outcome).toBe('answered-unexpectedly')
    expect(explainWith(russian, unexpected)).toBe(
      'Шлюз доступен по TLS с проверкой сертификата и не отклонил учётные данные, но ответил на тестовый отчёт не так, как ожидалось: Шлюз прислал пустой отчёт.',
    )
    answer = null
  })

  it('reads at most 64 KiB of the answer: an endless one is cut off, not saved', async () => {
    const flooded = await check()

    expect(flooded.outcome).toBe('answered-unexpectedly')
    expect(flooded.message).toContain('went past 64 KiB')
    expect(explainWith(russian, flooded)).toContain('превысил 64 КиБ')
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(sent.bytes).toBeLessThan(64 * MiB)
  })

  it("writes the answer only inside the session's own temp folder, and leaves nothing there", async () => {
    const sharedTempBefore = readdirSync(tmpdir()).filter((name) =>
      name.startsWith('gatedesk-check-'),
    )
    let seenWhileAnswering: string[] = []
    answer = (response) => {
      seenWhileAnswering = readdirSync(workDir)
      text('Access denied for merchant shop')(response)
    }
    await check()
    answer = null

    expect(seenWhileAnswering).toEqual([expect.stringMatching(/^connection-check-/)])
    expect(readdirSync(workDir)).toEqual([])
    const sharedTempAfter = readdirSync(tmpdir()).filter((name) =>
      name.startsWith('gatedesk-check-'),
    )
    expect(sharedTempAfter).toEqual(sharedTempBefore)
  })

  it('says each step as it is reached, and Cancel aborts the request: the server sees it closed, nothing is kept', async () => {
    let closedByClient: Promise<void> = Promise.resolve()
    // An answer that starts and never ends: only Cancel ends the wait.
    answer = (response) => {
      response.writeHead(200, { 'Content-Type': 'text/csv' })
      response.write('"Transaction_id"\n')
      closedByClient = new Promise((resolve) => response.once('close', resolve))
    }
    const cancel = new AbortController()
    const stages: string[] = []
    const result = await check({
      signal: cancel.signal,
      onStage: (stage, receivedBytes) => {
        if (stages.at(-1) !== stage) stages.push(stage)
        if (stage === 'reading' && receivedBytes) cancel.abort()
      },
    })
    answer = null
    expect(stages).toEqual(['connecting', 'waiting', 'reading'])
    expect(result.outcome).toBe('cancelled')
    expect(explainWith(russian, result)).toContain('отменена')
    await closedByClient
    expect(readdirSync(workDir)).toEqual([])
  })
})
