import { createHash } from 'node:crypto'
import { formatMinor } from '../profiles/money'
import type { TransactionRecord } from '../stores/transaction-store'

/** control = sha1(status + orderid + client_orderid + control key), in hex. */
export function callbackControl(
  status: string,
  orderId: string,
  clientOrderId: string,
  controlKey: string,
): string {
  return createHash('sha1').update(`${status}${orderId}${clientOrderId}${controlKey}`).digest('hex')
}

/** The query of the callback sent when a transaction reaches its final status. */
export function callbackParameters(
  transaction: TransactionRecord,
  controlKey: string,
): Record<string, string> {
  const orderid = String(transaction.id)
  return {
    orderid,
    merchant_order: transaction.clientOrderId,
    client_orderid: transaction.clientOrderId,
    amount: formatMinor(transaction.amountMinor),
    status: transaction.status,
    type: transaction.type,
    control: callbackControl(transaction.status, orderid, transaction.clientOrderId, controlKey),
  }
}
