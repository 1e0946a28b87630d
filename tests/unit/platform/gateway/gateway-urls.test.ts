import { describe, expect, it } from 'vitest'
import {
  reportUrl,
  SPEC_PATHS,
  updateRecurringUrl,
  type GatewayEnvironment,
} from '../../../../main/platform/gateway/environment'

const environment = (overrides: Partial<GatewayEnvironment>): GatewayEnvironment => ({
  baseUrl: 'https://gate.example.com',
  endpointId: '4512',
  merchantLogin: 'shop',
  ...SPEC_PATHS,
  oauthInBody: true,
  extraCaPem: null,
  ...overrides,
})

describe('operation URLs', () => {
  it('joins the base URL and the spec paths with one slash, whatever the settings hold', () => {
    for (const baseUrl of [
      'https://gate.example.com',
      'https://gate.example.com/',
      'https://gate.example.com//',
    ]) {
      for (const reportPath of [
        '/gw-ui/services/v2/rpt-engine',
        'gw-ui/services/v2/rpt-engine',
        '//gw-ui/services/v2/rpt-engine',
      ]) {
        expect(reportUrl(environment({ baseUrl, reportPath }))).toBe(
          'https://gate.example.com/gw-ui/services/v2/rpt-engine',
        )
      }
    }
  })

  it('keeps a base URL path prefix and fills the endpoint id into the update path, encoded', () => {
    expect(updateRecurringUrl(environment({ baseUrl: 'https://h.example/prefix/' }))).toBe(
      'https://h.example/prefix/gw/api/v4/update-recurring-payment/4512',
    )
    expect(
      updateRecurringUrl(
        environment({
          endpointId: 'a b',
          updateRecurringPath: '/paynet/api/v4/update-recurring-payment/{endpoint_id}',
        }),
      ),
    ).toBe('https://gate.example.com/paynet/api/v4/update-recurring-payment/a%20b')
  })
})
