import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { prepareReportRequest } from '../../../main/platform/gateway/custom-report'
import { updateRecurringUrl } from '../../../main/platform/gateway/environment'
import { httpsPost } from '../../../main/platform/gateway/https-transport'
import { randomNonce, signRequest } from '../../../main/platform/gateway/oauth1'
import type { PreparedRequest } from '../../../main/platform/gateway/prepared-request'
import { runReport } from '../../../main/platform/gateway/custom-report'
import {
  prepareUpdateRequest,
  updateRecurringPayment,
} from '../../../main/platform/gateway/update-recurring-payment'
import { decodeUpdateResponse } from '../../../main/platform/gateway/update-response'
import { minimalUpdate, reportRequest, useTestSandbox } from '../../fixtures/sandbox'

const sandbox = useTestSandbox()

const seconds = () => Math.floor(Date.now() / 1000)
const update = minimalUpdate('100001')

function signedUpdate(nonce = randomNonce(), timestamp = seconds()): PreparedRequest {
  return prepareUpdateRequest(sandbox.env, sandbox.privateKey, update, nonce, timestamp)
}

async function send(request: PreparedRequest) {
  const response = await httpsPost({ ...request, extraCaPem: sandbox.env.extraCaPem! })
  return { response, result: decodeUpdateResponse(response.status, response.body) }
}

/** Sends the request and expects the sandbox's type=error answer with that code. */
async function expectRejected(request: PreparedRequest, code: number, message: RegExp) {
  const { response, result } = await send(request)
  expect(response.status).toBe(200)
  expect(response.contentType).toBe('text/html;charset=utf-8')
  expect(result.outcome).toBe('error')
  expect(result.fields['type']).toBe('error')
  expect(result.errorCode).toBe(String(code))
  expect(result.errorMessage).toMatch(message)
}

const withHeader = (
  request: PreparedRequest,
  authorization: string | undefined,
): PreparedRequest => {
  const headers = { ...request.headers }
  if (authorization === undefined) delete headers['Authorization']
  else headers['Authorization'] = authorization
  return { ...request, headers }
}

describe('update-recurring-payment authentication (RSA-SHA256)', () => {
  it('accepts the real client with the oauth_* parameters repeated in the body, and without', async () => {
    expect((await sandbox.update(update)).outcome).toBe('approved')
    expect((await sandbox.update(update, { oauthInBody: false })).outcome).toBe('approved')
  })

  it('rejects a request without an OAuth Authorization header', async () => {
    await expectRejected(withHeader(signedUpdate(), undefined), 200, /no Authorization header/)
    await expectRejected(withHeader(signedUpdate(), 'Bearer abc'), 200, /"Bearer" scheme/)
  })

  it('rejects a malformed header', async () => {
    const request = signedUpdate()
    await expectRejected(
      withHeader(request, request.headers['Authorization']!.replaceAll('"', '')),
      201,
      /malformed/,
    )
  })

  it('rejects a request missing an oauth_* parameter, naming it', async () => {
    const request = signedUpdate()
    const header = request.headers['Authorization']!.replace(/, oauth_nonce="[^"]*"/, '')
    const body = request.body.replace(/&oauth_nonce=[^&]*/, '')
    await expectRejected({ ...withHeader(request, header), body }, 202, /^oauth_nonce is missing/)
  })

  it('counts an identical repeat in the body once and rejects a conflicting one', async () => {
    const request = signedUpdate()
    const body = request.body.replace(/oauth_nonce=[^&]*/, 'oauth_nonce=other')
    await expectRejected(
      { ...request, body },
      203,
      /oauth_nonce is sent twice with different values/,
    )
  })

  it('refuses oauth_signature in the body and OAuth parameters the gateway does not use', async () => {
    const request = signedUpdate()
    await expectRejected(
      { ...request, body: `${request.body}&oauth_signature=abc` },
      204,
      /Authorization header only/,
    )
    await expectRejected(
      { ...request, body: `${request.body}&oauth_token=t` },
      204,
      /oauth_token is not used/,
    )
  })

  it('rejects the wrong signature method for the operation', async () => {
    const signed = signRequest({
      url: updateRecurringUrl(sandbox.env),
      signedParameters: update,
      credentials: {
        method: 'HMAC-SHA1',
        consumerKey: sandbox.env.merchantLogin,
        controlKey: sandbox.controlKey,
      },
      nonce: randomNonce(),
      timestamp: seconds(),
    })
    const request = signedUpdate()
    await expectRejected(
      {
        ...request,
        headers: { ...request.headers, Authorization: signed.authorization },
        body: signed.formBody(true),
      },
      205,
      /oauth_signature_method is HMAC-SHA1, but update-recurring-payment is signed with RSA-SHA256/,
    )
  })

  it('rejects an OAuth version other than 1.0', async () => {
    const request = signedUpdate()
    const header = request.headers['Authorization']!.replace(
      'oauth_version="1.0"',
      'oauth_version="2.0"',
    )
    const body = request.body.replace('oauth_version=1.0', 'oauth_version=2.0')
    await expectRejected({ ...withHeader(request, header), body }, 206, /speaks OAuth 1\.0/)
  })

  it('rejects an unknown consumer key', async () => {
    const result = await sandbox.update(update, { merchantLogin: 'someone-else' })
    expect(result).toMatchObject({ outcome: 'error', errorCode: '207' })
    expect(result.errorMessage).toContain('"someone-else" is not a merchant login')
  })

  it('rejects a timestamp outside the window, and accepts one inside it', async () => {
    const minutes = (n: number) => seconds() + n * 60
    await expectRejected(
      signedUpdate(randomNonce(), minutes(-6)),
      208,
      /behind the gateway's clock \(allowed: ±300 s\)/,
    )
    await expectRejected(
      signedUpdate(randomNonce(), minutes(6)),
      208,
      /ahead of the gateway's clock/,
    )
    expect((await send(signedUpdate(randomNonce(), minutes(-4)))).result.outcome).toBe('approved')
  })

  it('applies a changed timestamp window', async () => {
    sandbox.sandbox.service.updateSettings({ timestampWindowSeconds: 60 })
    try {
      await expectRejected(signedUpdate(randomNonce(), seconds() - 120), 208, /±60 s/)
    } finally {
      sandbox.sandbox.service.updateSettings({ timestampWindowSeconds: 300 })
    }
  })

  it('rejects a tampered body and a signature made with another key', async () => {
    const request = signedUpdate()
    await expectRejected(
      { ...request, body: request.body.replace('amount=10.00', 'amount=99.00') },
      210,
      /does not match/,
    )
    const { privateKey: stranger } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const forged = prepareUpdateRequest(sandbox.env, stranger, update, randomNonce(), seconds())
    await expectRejected(forged, 210, /registered public key/)
  })

  it('rejects a nonce seen before, but a rejected signature does not use the nonce up', async () => {
    const nonce = randomNonce()
    const tampered = signedUpdate(nonce)
    await expectRejected(
      { ...tampered, body: tampered.body.replace('amount=10.00', 'amount=11.00') },
      210,
      /does not match/,
    )
    expect((await send(signedUpdate(nonce))).result.outcome).toBe('approved')
    await expectRejected(signedUpdate(nonce), 209, /already used/)
  })

  it('keeps the seen nonces across a restart', async () => {
    const nonce = randomNonce()
    expect((await send(signedUpdate(nonce))).result.outcome).toBe('approved')
    await sandbox.restart()
    await expectRejected(signedUpdate(nonce), 209, /already used/)
  })
})

describe('report authentication (HMAC-SHA1)', () => {
  const file = () => `${sandbox.dir}/report-${randomNonce()}.csv`

  async function expectNotAuthorised(request: PreparedRequest, reason: RegExp) {
    const response = await httpsPost({ ...request, extraCaPem: sandbox.env.extraCaPem! })
    expect(response.status).toBe(200)
    expect(response.contentType).toBe('text/plain;charset=utf-8')
    expect(response.body.toString()).toBe('You are not authorised to perform this request')
    expect(response.headers['x-sandbox-reason']).toMatch(reason)
  }
  const signedReport = (
    controlKey = sandbox.controlKey,
    nonce = randomNonce(),
    timestamp = seconds(),
  ) => prepareReportRequest(sandbox.env, controlKey, reportRequest(), nonce, timestamp)

  it('runs the report for the real client and refuses a wrong control key as the spec says', async () => {
    expect(
      (
        await runReport(sandbox.deps, sandbox.env, sandbox.secrets, reportRequest(), {
          file: file(),
        })
      ).outcome,
    ).toBe('report')
    const wrongKey = { ...sandbox.secrets, controlKey: async () => 'not-the-key' }
    const refused = await runReport(sandbox.deps, sandbox.env, wrongKey, reportRequest(), {
      file: file(),
    })
    expect(refused.outcome).toBe('not-authorised')
    await expectNotAuthorised(
      signedReport('not-the-key'),
      /^bad-signature: the HMAC-SHA1 signature does not match/,
    )
  })

  it('refuses every other authentication failure with the same plain answer', async () => {
    await expectNotAuthorised(withHeader(signedReport(), undefined), /^missing-authorization/)
    await expectNotAuthorised(
      signedReport(sandbox.controlKey, randomNonce(), seconds() - 3600),
      /^stale-timestamp/,
    )
    const rsaSigned = signRequest({
      url: `${sandbox.env.baseUrl}${sandbox.env.reportPath}`,
      signedParameters: [],
      credentials: {
        method: 'RSA-SHA256',
        consumerKey: sandbox.env.merchantLogin,
        privateKey: sandbox.privateKey,
      },
      nonce: randomNonce(),
      timestamp: seconds(),
    })
    await expectNotAuthorised(
      withHeader(signedReport(), rsaSigned.authorization),
      /^wrong-signature-method/,
    )
    const stranger = prepareReportRequest(
      { ...sandbox.env, merchantLogin: 'nobody' },
      'k',
      reportRequest(),
      randomNonce(),
      seconds(),
    )
    await expectNotAuthorised(stranger, /^unknown-consumer-key/)
    const nonce = randomNonce()
    expect(
      (
        await httpsPost({
          ...signedReport(sandbox.controlKey, nonce),
          extraCaPem: sandbox.env.extraCaPem!,
        })
      ).status,
    ).toBe(200)
    await expectNotAuthorised(signedReport(sandbox.controlKey, nonce), /^reused-nonce/)
  })

  it('is what the real client reports as not authorised, with nothing saved', async () => {
    const result = await runReport(
      sandbox.deps,
      { ...sandbox.env, merchantLogin: 'nobody' },
      sandbox.secrets,
      reportRequest(),
      { file: file() },
    )
    expect(result).toMatchObject({ outcome: 'not-authorised', file: null })
  })

  it('serves only the update of the right endpoint and only POST', async () => {
    const result = await updateRecurringPayment(
      sandbox.deps,
      { ...sandbox.env, endpointId: '9999' },
      sandbox.secrets,
      update,
    )
    expect(result).toMatchObject({ outcome: 'error', errorCode: '303' })
    expect(result.errorMessage).toBe(
      'endpoint 9999 does not belong to merchant gatedesk-demo: use endpoint 1001',
    )
  })
})
