import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runReport } from '../../../main/platform/gateway/custom-report'
import type { GatewayDeps } from '../../../main/platform/gateway/gateway-client'
import { httpsPost, httpsPostToFile } from '../../../main/platform/gateway/https-transport'
import { updateRecurringPayment } from '../../../main/platform/gateway/update-recurring-payment'
import type { FaultKind } from '../../../main/sandbox/http/faults'
import { eventually } from '../../fixtures/eventually'
import {
  minimalUpdate,
  reportRequest,
  startTestSandbox,
  useTestSandbox,
} from '../../fixtures/sandbox'

const sandbox = useTestSandbox({ faults: true })

/** The real client, asking for a fault with the test-only header. */
function withFault(kind: string): GatewayDeps {
  const header = { 'X-Sandbox-Fault': kind }
  return {
    ...sandbox.deps,
    httpsPost: (request) => httpsPost({ ...request, headers: { ...request.headers, ...header } }),
    httpsPostToFile: (request) =>
      httpsPostToFile({ ...request, headers: { ...request.headers, ...header } }),
  }
}

const updateWith = (kind: FaultKind, options = {}) =>
  updateRecurringPayment(
    withFault(kind),
    sandbox.env,
    sandbox.secrets,
    minimalUpdate('100001'),
    options,
  )

let reports = 0
async function reportWith(deps: GatewayDeps, overrides = {}) {
  const file = join(sandbox.dir, `fault-report-${++reports}`)
  return {
    file,
    result: await runReport(deps, sandbox.env, sandbox.secrets, reportRequest(overrides), { file }),
  }
}

describe('faults asked for with X-Sandbox-Fault', () => {
  it('internal-error: HTTP 500 "internal server error [ID]" on both operations', async () => {
    const update = await updateWith('internal-error')
    expect(update.outcome).toBe('internal-failure')
    expect(update.incidentId).toMatch(/^[0-9a-f-]{36}$/)
    const { result } = await reportWith(withFault('internal-error'))
    expect(result).toMatchObject({
      outcome: 'internal-failure',
      incidentId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    })
  })

  it('delay: no answer within the client timeout; the update still applies afterwards', async () => {
    sandbox.sandbox.service.updateSettings({ faultDelayMs: 600 })
    const result = await updateRecurringPayment(
      withFault('delay'),
      sandbox.env,
      sandbox.secrets,
      [
        ['client-orderid', 'LATE-1'],
        ['recurring-payment-id', '100001'],
        ['amount', '10.00'],
      ],
      { responseTimeoutMs: 200 },
    )
    expect(result.outcome).toBe('unknown')
    expect(result.message).toMatch(/did not answer within 200 ms/)
    await eventually(
      () =>
        sandbox.sandbox.service.profiles().find((p) => p.id === '100001')!.clientOrderId ===
        'LATE-1'
          ? true
          : undefined,
      'the delayed update to apply',
    )
  })

  it('reset: the connection drops before any answer', async () => {
    const update = await updateWith('reset')
    expect(update.outcome).toBe('unknown')
    expect(update.message).toMatch(/closed before the response arrived/)
    const { result } = await reportWith(withFault('reset'))
    expect(result.outcome).toBe('transport-error')
  })

  it('truncate: the body stops halfway, and no partial report file is left', async () => {
    expect((await updateWith('truncate')).outcome).toBe('unknown')
    const { result, file } = await reportWith(withFault('truncate'), {
      inputReportParameters: [{ type: 'INPUT_TEXT', name: 'rowCount', value: '5000' }],
    })
    expect(result.outcome).toBe('transport-error')
    expect(result.message).toMatch(/stopped|cut|closed/i)
    expect(existsSync(file)).toBe(false)
    expect(readdirSync(sandbox.dir).filter((name) => name.endsWith('.part'))).toEqual([])
  })

  it('not-form: an HTML page instead of the form or the report', async () => {
    const update = await updateWith('not-form')
    expect(update.outcome).toBe('protocol-error')
    expect(update.message).toContain('502 Bad Gateway')
    const { result } = await reportWith(withFault('not-form'))
    expect(result.outcome).toBe('protocol-error')
  })

  it('corrupt-pdf: something that starts like a PDF and is not one, which is not kept', async () => {
    const { result, file } = await reportWith(withFault('corrupt-pdf'), { reportFormat: 'PDF' })
    expect(result).toMatchObject({ outcome: 'protocol-error', file: null })
    expect(result.message).toContain('does not end with %%EOF')
    expect(existsSync(file)).toBe(false)
    expect(existsSync(`${file}.part`)).toBe(false)
  })

  it('refuses a fault name it does not know, listing the known ones', async () => {
    const response = await withFault('meltdown').httpsPost({
      url: `${sandbox.env.baseUrl}${sandbox.env.reportPath}`,
      headers: {},
      body: '',
      extraCaPem: sandbox.env.extraCaPem!,
    })
    expect(response.status).toBe(400)
    expect(response.body.toString()).toBe(
      'x-sandbox-fault must be one of: internal-error, delay, reset, truncate, not-form, corrupt-pdf',
    )
  })
})

describe('faults set for the next requests', () => {
  it('fails exactly the next N API requests, whatever their headers', async () => {
    const { service } = sandbox.sandbox
    service.injectFault('internal-error', 2)
    expect(service.snapshot().pendingFaults).toEqual(['internal-error', 'internal-error'])
    expect((await sandbox.update(minimalUpdate('100001'))).outcome).toBe('internal-failure')
    expect((await reportWith(sandbox.deps)).result.outcome).toBe('internal-failure')
    expect((await sandbox.update(minimalUpdate('100001'))).outcome).toBe('approved')
    service.injectFault('reset', 3)
    service.clearFaults()
    expect((await sandbox.update(minimalUpdate('100001'))).outcome).toBe('approved')
    expect(service.recentRequests(4).map((r) => [r.operation, r.fault, r.outcome])).toEqual([
      ['update-recurring-payment', null, 'approved'],
      ['update-recurring-payment', null, 'approved'],
      ['report', 'internal-error', 'fault'],
      ['update-recurring-payment', 'internal-error', 'fault'],
    ])
  })
})

describe('a sandbox started without faults', () => {
  it('ignores the fault header', async () => {
    const plain = await startTestSandbox()
    try {
      const result = await updateRecurringPayment(
        withFault('internal-error'),
        plain.env,
        plain.secrets,
        minimalUpdate('100001'),
      )
      expect(result.outcome).toBe('approved')
    } finally {
      await plain.stop()
      plain.remove()
    }
  })
})
