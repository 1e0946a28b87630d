import { beforeEach, describe, expect, it } from 'vitest'
import type { AuditTrail } from '../../../main/history/audit-trail'
import type { SentRequest } from '../../../main/history/history-repository'
import { CARD_NUMBER, CVV2, leaks, SSN } from '../../fixtures/cli-card-data'

const environment = { id: 'sandbox', name: 'Sandbox' }

/** An update sent with card data, as staff may paste it. */
export const cardUpdate = (order: string): SentRequest => ({
  environment,
  operation: 'update-recurring-payment',
  parameters: [
    ['client-orderid', order],
    ['recurring-payment-id', '100234'],
    ['credit-card-number', CARD_NUMBER],
    ['cvv2', CVV2],
    ['ssn', SSN],
    ['amount', '12.50'],
  ],
})

/**
 * The one suite every AuditTrail passes (this desk's SQLite history, the team's PostgreSQL
 * trail): recorded before sending, completed once, newest first, never card data in clear.
 */
export function describeAuditTrail(kind: string, open: () => Promise<AuditTrail>) {
  describe(`the history as an audit trail (${kind})`, () => {
    let trail: AuditTrail
    beforeEach(async () => {
      trail = await open()
    })

    it('records a request before it leaves and completes it with its result', async () => {
      const id = await trail.recordSending(cardUpdate('A-1'))
      expect(await trail.get(id)).toMatchObject({
        outcome: 'sending',
        profileId: '100234',
        orderId: 'A-1',
        environmentName: 'Sandbox',
      })
      await trail.recordResult(id, {
        outcome: 'approved',
        serialNumber: 'S-9',
        message: 'Approved',
        messageCode: 'update.approved',
        params: { serial: 'S-9' },
      })
      expect(await trail.get(id)).toMatchObject({
        outcome: 'approved',
        serialNumber: 'S-9',
        messageCode: 'update.approved',
        params: { serial: 'S-9' },
      })
      await expect(trail.recordResult(id, { outcome: 'error', message: 'again' })).rejects.toThrow(
        'already has its result',
      )
      expect(await trail.get(id + 1000)).toBeNull()
    })

    it('keeps no card number, cvv2 or SSN in clear, in the request or in the result', async () => {
      const id = await trail.recordSending(cardUpdate('A-2'))
      await trail.recordResult(id, {
        outcome: 'declined',
        message: `Declined: card ${CARD_NUMBER} refused`,
        errorMessage: `card ${CARD_NUMBER}`,
        messageCode: 'update.declined',
        params: { reason: `card ${CARD_NUMBER}` },
      })
      const entry = await trail.get(id)
      expect(leaks(JSON.stringify(entry))).toEqual([])
      expect(entry!.parameters.map(([name]) => name)).not.toContain('cvv2')
      expect(entry!.parameters).toContainEqual(['credit-card-number', '411111******1111'])
    })

    it('lists the newest entries first', async () => {
      const ids = []
      for (const order of ['B-1', 'B-2', 'B-3'])
        ids.push(await trail.recordSending(cardUpdate(order)))
      const recent = await trail.recent(2)
      expect(recent.map((entry) => entry.orderId)).toEqual(['B-3', 'B-2'])
    })
  })
}
