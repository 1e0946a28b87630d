import { describe, expect, it } from 'vitest'
import { boundedResult } from '../../../../main/platform/gateway/update-result-view'

describe('a result as it is kept and shown', () => {
  it('masks card numbers in its message values and bounds their length; numbers stay', () => {
    const result = boundedResult({
      outcome: 'declined',
      fields: {},
      serialNumber: '0000000a-0000-0000-0000-000000000000',
      errorCode: '1',
      errorMessage: 'card 4111 1111 1111 1111 refused',
      incidentId: null,
      message: 'The gateway declined the update: card 4111 1111 1111 1111 refused',
      messageCode: 'update.declined',
      params: { reason: 'card 4111 1111 1111 1111 refused', long: 'x'.repeat(5000), code: 1 },
    })
    expect(result.params!['reason']).toBe('card 4111 11** **** 1111 refused')
    expect(result.params!['long']).toHaveLength(2000)
    expect(result.params!['long']).toMatch(/…$/)
    expect(result.params!['code']).toBe(1)
    expect(result.errorMessage).toBe('card 4111 11** **** 1111 refused')
  })
})
