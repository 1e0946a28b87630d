import { describe, expect, it } from 'vitest'
import { SPEC_PATHS } from '../../../main/platform/gateway/environment'
import { createLoopbackCertificate } from '../../../main/sandbox/http/tls-certificate'
import {
  backupPassphraseSchema,
  controlKeySchema,
  DEFAULT_REPORT_PATH,
  DEFAULT_UPDATE_RECURRING_PATH,
  environmentChangesSchema,
  environmentInputSchema,
  rsaKeySizeSchema,
} from '../../../preload/contract/environments/environment'

const valid = {
  name: 'Production',
  kind: 'production',
  baseUrl: 'https://gate.example.com',
  endpointId: '4512',
  merchantLogin: 'acme-shop',
}

function messages(result: {
  success: boolean
  error?: { issues: { path: PropertyKey[]; message: string }[] }
}) {
  return Object.fromEntries(result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [])
}

describe('the environment input schema', () => {
  it("fills in the spec's paths and the spec's oauth-in-body behaviour", () => {
    expect(DEFAULT_UPDATE_RECURRING_PATH).toBe(SPEC_PATHS.updateRecurringPath)
    expect(DEFAULT_REPORT_PATH).toBe(SPEC_PATHS.reportPath)
    expect(environmentInputSchema.parse(valid)).toEqual({
      ...valid,
      ...SPEC_PATHS,
      oauthInBody: true,
      extraCaPem: null,
    })
  })

  it('says which field breaks which rule, and what to do', () => {
    const result = environmentInputSchema.safeParse({
      name: '',
      kind: 'sandbox',
      baseUrl: 'http://gate.example.com',
      endpointId: ' 4512',
      updateRecurringPath: '/paynet/api/v4/update-recurring-payment/1234',
      reportPath: 'gw-ui/services/v2/rpt-engine',
      extraCaPem: 'not a certificate',
    })
    expect(messages(result)).toEqual({
      name: 'Name is required: e.g. "Production" or "Integration (white label)"',
      kind: 'Kind must be "integration" or "production" (the built-in Sandbox is the only sandbox environment)',
      baseUrl:
        'Base URL must be a full https:// address, e.g. https://gate.example.com (GateDesk never sends requests without TLS)',
      endpointId: 'Endpoint ID must not start or end with spaces',
      merchantLogin: 'Merchant login is required: the login the gateway gave you',
      updateRecurringPath: `Update-recurring-payment path must contain {endpoint_id}, where the endpoint ID goes, e.g. ${SPEC_PATHS.updateRecurringPath}`,
      reportPath: `Report path must start with "/" and hold no spaces, "?" or "#", e.g. ${SPEC_PATHS.reportPath}`,
      extraCaPem: expect.stringMatching(/^Extra CA certificate must be a PEM certificate/),
    })
  })

  it('refuses a base URL that is not one address, and bounds every text', () => {
    for (const baseUrl of [
      'gate.example.com',
      'https://user@gate.example.com',
      'https://gate.example.com/?a=1',
    ]) {
      expect(environmentInputSchema.safeParse({ ...valid, baseUrl }).success).toBe(false)
    }
    expect(messages(environmentInputSchema.safeParse({ ...valid, name: 'x'.repeat(65) }))).toEqual({
      name: 'Name is too long: at most 64 characters',
    })
    expect(environmentInputSchema.safeParse({ ...valid, surprise: 1 }).success).toBe(false)
  })

  it('accepts a white-label deployment and a PEM CA certificate', () => {
    const { certPem } = createLoopbackCertificate()
    const parsed = environmentInputSchema.parse({
      ...valid,
      baseUrl: 'https://pay.example.net:8443/base/',
      updateRecurringPath: '/paynet/api/v4/update-recurring-payment/{endpoint_id}',
      reportPath: '/paynet-ui/services/v2/rpt-engine',
      oauthInBody: false,
      extraCaPem: certPem,
    })
    expect(parsed.extraCaPem).toBe(certPem)
    expect(parsed.oauthInBody).toBe(false)
  })

  it('changes only the fields given: no default resets a path', () => {
    expect(environmentChangesSchema.parse({ name: 'Renamed' })).toEqual({ name: 'Renamed' })
  })
})

describe('secret inputs', () => {
  it('takes a pasted control key without the spaces and line break copying adds', () => {
    expect(controlKeySchema.parse('  A1B2-C3D4\n')).toBe('A1B2-C3D4')
    expect(controlKeySchema.safeParse(' \n').error?.issues[0]?.message).toBe(
      'The control key is empty: paste the key the gateway gave you',
    )
    expect(controlKeySchema.safeParse('A1\nB2').success).toBe(false)
  })

  it('offers 4096-bit keys by default and 2048 at least', () => {
    expect(rsaKeySizeSchema.parse(undefined)).toBe(4096)
    expect(rsaKeySizeSchema.parse(2048)).toBe(2048)
    expect(rsaKeySizeSchema.safeParse(1024).error?.issues[0]?.message).toBe(
      'Key size must be 4096 (recommended) or 2048 bits',
    )
  })

  it('asks for a backup passphrase of 12 characters or more', () => {
    expect(backupPassphraseSchema.safeParse('short').error?.issues[0]?.message).toMatch(
      /^The backup passphrase must have at least 12 characters/,
    )
    expect(backupPassphraseSchema.parse('long enough phrase')).toBe('long enough phrase')
  })
})
