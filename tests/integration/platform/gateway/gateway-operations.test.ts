import { createHmac, generateKeyPairSync, verify } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { runReport } from '../../../../main/platform/gateway/custom-report'
import { SPEC_PATHS, type GatewayEnvironment } from '../../../../main/platform/gateway/environment'
import type { GatewayDeps, SigningSecrets } from '../../../../main/platform/gateway/gateway-client'
import { httpsPost, httpsPostToFile } from '../../../../main/platform/gateway/https-transport'
import { updateRecurringPayment } from '../../../../main/platform/gateway/update-recurring-payment'
import type { ReportRequest } from '../../../../preload/contract/reports/report-request'
import { startHttpsTestServer, type HttpsTestServer } from '../../../fixtures/https-test-server'
import { xrefStreamPdf } from '../../../fixtures/pdf-files'

interface Received {
  method: string
  path: string
  headers: IncomingMessage['headers']
  body: string
}

let reply: (received: Received, response: ServerResponse) => void
let received: Received[] = []
let server: HttpsTestServer
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
const controlKey = 'CK-1&2'
const secrets: SigningSecrets = {
  controlKey: async () => controlKey,
  rsaPrivateKey: async () => privateKey,
}
const deps: GatewayDeps = {
  httpsPost,
  httpsPostToFile,
  now: () => 1_700_000_000_999,
  nonce: () => 'fixed-nonce',
}
const dir = mkdtempSync(join(tmpdir(), 'gatedesk-ops-'))

beforeAll(async () => {
  server = await startHttpsTestServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      const entry = { method: request.method!, path: request.url!, headers: request.headers, body }
      received.push(entry)
      reply(entry, response)
    })
  })
})
afterAll(async () => {
  await server.close()
  rmSync(dir, { recursive: true, force: true })
})
beforeEach(() => {
  received = []
})

function environment(overrides: Partial<GatewayEnvironment> = {}): GatewayEnvironment {
  return {
    baseUrl: server.url(''),
    endpointId: '77',
    merchantLogin: 'shop-login',
    ...SPEC_PATHS,
    oauthInBody: true,
    extraCaPem: server.caPem,
    ...overrides,
  }
}

const formReply =
  (text: string, status = 200) =>
  (_: Received, response: ServerResponse) => {
    response.writeHead(status, { 'Content-Type': 'text/html;charset=utf-8' })
    response.end(text)
  }

function authorizationParams(header: string | undefined): Record<string, string> {
  const params: Record<string, string> = {}
  for (const match of (header ?? '').matchAll(/(\w+)="([^"]*)"/g)) {
    params[match[1]!] = decodeURIComponent(match[2]!)
  }
  return params
}

describe('updateRecurringPayment over HTTPS', () => {
  const update = [
    ['client-orderid', 'ORD 1'],
    ['recurring-payment-id', 'RP-9'],
    ['amount', '10.50'],
  ] as const

  it('sends a form signed with RSA-SHA256 that the server can verify, and reads the approval', async () => {
    reply = formReply(
      'type=update-recurring-payment-response\n&status=approved\n&serial-number=S-1\n',
    )
    const result = await updateRecurringPayment(deps, environment(), secrets, update)

    expect(result).toMatchObject({ outcome: 'approved', serialNumber: 'S-1' })
    const [request] = received
    expect(request!.path).toBe('/gw/api/v4/update-recurring-payment/77')
    expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded')
    expect(request!.body).toBe(
      'client-orderid=ORD%201&recurring-payment-id=RP-9&amount=10.50' +
        '&oauth_consumer_key=shop-login&oauth_nonce=fixed-nonce&oauth_signature_method=RSA-SHA256' +
        '&oauth_timestamp=1700000000&oauth_version=1.0',
    )
    // The base string written out by hand, independently of the signing code.
    const port = new URL(server.url()).port
    const expectedBase =
      `POST&https%3A%2F%2F127.0.0.1%3A${port}%2Fgw%2Fapi%2Fv4%2Fupdate-recurring-payment%2F77&` +
      'amount%3D10.50%26client-orderid%3DORD%25201%26oauth_consumer_key%3Dshop-login' +
      '%26oauth_nonce%3Dfixed-nonce%26oauth_signature_method%3DRSA-SHA256' +
      '%26oauth_timestamp%3D1700000000%26oauth_version%3D1.0%26recurring-payment-id%3DRP-9'
    const auth = authorizationParams(request!.headers.authorization)
    expect(request!.headers.authorization).toMatch(/^OAuth realm="", /)
    expect(auth['oauth_signature_method']).toBe('RSA-SHA256')
    expect(
      verify(
        'sha256',
        Buffer.from(expectedBase),
        publicKey,
        Buffer.from(auth['oauth_signature']!, 'base64'),
      ),
    ).toBe(true)
  })

  it('leaves the oauth_* parameters out of the body when the environment says so', async () => {
    reply = formReply(
      'type=update-recurring-payment-response\n&status=approved\n&serial-number=S-2\n',
    )
    await updateRecurringPayment(deps, environment({ oauthInBody: false }), secrets, update)
    expect(received[0]!.body).toBe('client-orderid=ORD%201&recurring-payment-id=RP-9&amount=10.50')
  })

  it('uses a white-label path template', async () => {
    reply = formReply(
      'type=update-recurring-payment-response\n&status=approved\n&serial-number=S-3\n',
    )
    await updateRecurringPayment(
      deps,
      environment({ updateRecurringPath: '/paynet/api/v4/update-recurring-payment/{endpoint_id}' }),
      secrets,
      update,
    )
    expect(received[0]!.path).toBe('/paynet/api/v4/update-recurring-payment/77')
  })

  it('reports validation errors, declines and internal failures as the gateway states them', async () => {
    reply = formReply('type=validation-error\n&error_message=amount+is+invalid\n&error_code=101\n')
    expect(await updateRecurringPayment(deps, environment(), secrets, update)).toMatchObject({
      outcome: 'validation-error',
      errorCode: '101',
      errorMessage: 'amount is invalid',
    })
    reply = formReply('internal server error [INC-7]', 500)
    expect(await updateRecurringPayment(deps, environment(), secrets, update)).toMatchObject({
      outcome: 'internal-failure',
      incidentId: 'INC-7',
    })
  })

  it('says the outcome is unknown when the gateway never answers, and does not retry', async () => {
    reply = () => undefined
    const result = await updateRecurringPayment(deps, environment(), secrets, update, {
      responseTimeoutMs: 300,
    })
    expect(result.outcome).toBe('unknown')
    expect(result.message).toMatch(/check the profile before sending it again/)
    expect(received).toHaveLength(1)
  })

  it('says the outcome is unknown when staff cancel after the request went out', async () => {
    const controller = new AbortController()
    reply = () => controller.abort()
    const result = await updateRecurringPayment(deps, environment(), secrets, update, {
      signal: controller.signal,
    })
    expect(result.outcome).toBe('unknown')
    expect(result.message).toMatch(/was cancelled/)
    expect(result.message).toMatch(/check the profile before sending it again/)
    expect(received).toHaveLength(1)
  })

  it('says nothing was sent when staff cancel before it goes out', async () => {
    const result = await updateRecurringPayment(deps, environment(), secrets, update, {
      signal: AbortSignal.abort(),
    })
    expect(result.outcome).toBe('not-sent')
    expect(received).toHaveLength(0)
  })

  it('says nothing was sent when the server is not trusted', async () => {
    reply = formReply('type=update-recurring-payment-response\n&status=approved\n')
    const result = await updateRecurringPayment(
      deps,
      environment({ extraCaPem: null }),
      secrets,
      update,
    )
    expect(result.outcome).toBe('not-sent')
    expect(result.message).toMatch(/not trusted/)
    expect(received).toHaveLength(0)
  })

  it('says nothing was sent when the key cannot be had', async () => {
    const locked: SigningSecrets = {
      ...secrets,
      rsaPrivateKey: async () => {
        throw new Error('The keychain is locked; unlock it and try again')
      },
    }
    const result = await updateRecurringPayment(deps, environment(), locked, update)
    expect(result).toMatchObject({ outcome: 'not-sent' })
    expect(result.message).toContain('The keychain is locked')
    expect(received).toHaveLength(0)
  })
})

describe('runReport over HTTPS', () => {
  const request: ReportRequest = {
    reportIdentifier: 'tx-report',
    reportEncode: 'UTF-8',
    reportName: 'Transactions',
    reportCsvDelimiter: ',',
    reportFormat: 'CSV',
    configurationReportParameters: [],
    inputReportParameters: [{ type: 'INPUT_TEXT', name: 'dateFrom', value: '01.11.2026' }],
    outputReportParameters: [],
    filters: { currencies: ['EUR'] },
  }
  const csv = '"Merchant_Name","Amount"\r\n"Shop, Ltd","10.500"\r\n'
  const replyWith =
    (contentType: string, body: string | Buffer, status = 200) =>
    (_: Received, response: ServerResponse) => {
      response.writeHead(status, { 'Content-Type': contentType })
      response.end(body)
    }

  /** The report's HMAC-SHA1 signature covers the URL (`encodedPath` as in the base string) and the oauth_* parameters alone. */
  function expectSignedOverOauthOnly(sent: Received, encodedPath: string) {
    const port = new URL(server.url()).port
    const expectedBase =
      `POST&https%3A%2F%2F127.0.0.1%3A${port}${encodedPath}&` +
      'oauth_consumer_key%3Dshop-login%26oauth_nonce%3Dfixed-nonce' +
      '%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1700000000%26oauth_version%3D1.0'
    expect(authorizationParams(sent.headers.authorization)['oauth_signature']).toBe(
      createHmac('sha1', 'CK-1%262&').update(expectedBase).digest('base64'),
    )
  }

  it('posts the JSON signed with HMAC-SHA1 over the oauth_* parameters and saves the CSV', async () => {
    reply = replyWith('text/csv', csv)
    const file = join(dir, 'report.csv')
    const progress: number[] = []
    const result = await runReport(deps, environment(), secrets, request, {
      file,
      onProgress: ({ receivedBytes }) => progress.push(receivedBytes),
    })

    expect(result).toMatchObject({ outcome: 'report', kind: 'csv', file, bytes: csv.length })
    expect(readFileSync(file, 'utf8')).toBe(csv)
    expect(progress.at(-1)).toBe(csv.length)
    const [sent] = received
    expect(sent!.path).toBe('/gw-ui/services/v2/rpt-engine')
    expect(sent!.headers['content-type']).toBe('application/json')
    expect(JSON.parse(sent!.body)).toEqual(request)
    expect(authorizationParams(sent!.headers.authorization)['oauth_signature_method']).toBe(
      'HMAC-SHA1',
    )
    expectSignedOverOauthOnly(sent!, '%2Fgw-ui%2Fservices%2Fv2%2Frpt-engine')
  })

  it('posts to the report path of a white-label deployment, and signs that URL', async () => {
    reply = replyWith('text/csv', csv)
    const reportPath = '/paynet-ui/services/v2/rpt-engine'
    const result = await runReport(deps, environment({ reportPath }), secrets, request, {
      file: join(dir, 'white-label.csv'),
    })
    expect(result).toMatchObject({ outcome: 'report', kind: 'csv' })
    expect(received[0]!.path).toBe(reportPath)
    expectSignedOverOauthOnly(received[0]!, '%2Fpaynet-ui%2Fservices%2Fv2%2Frpt-engine')
  })

  it('recognises a PDF report', async () => {
    reply = replyWith('application/pdf', xrefStreamPdf())
    const result = await runReport(
      deps,
      environment(),
      secrets,
      { ...request, reportFormat: 'PDF' },
      {
        file: join(dir, 'r.pdf'),
      },
    )
    expect(result).toMatchObject({ outcome: 'report', kind: 'pdf' })
  })

  it('treats "not authorised" as a refusal and leaves no file behind', async () => {
    reply = replyWith('text/plain', 'You are not authorised to perform this request')
    const file = join(dir, 'refused.csv')
    const result = await runReport(deps, environment(), secrets, request, { file })
    expect(result).toMatchObject({ outcome: 'not-authorised', file: null })
    expect(result.message).toMatch(/merchant login and control key/)
    expect(existsSync(file)).toBe(false)
  })

  it('reports an internal failure with its incident ID and keeps no file', async () => {
    reply = replyWith('text/plain', 'internal server error [R-55]', 500)
    const file = join(dir, 'failed.csv')
    expect(await runReport(deps, environment(), secrets, request, { file })).toMatchObject({
      outcome: 'internal-failure',
      incidentId: 'R-55',
    })
    expect(readdirSync(dir).filter((name) => name.startsWith('failed'))).toEqual([])
  })
})
