import { randomBytes } from 'node:crypto'
import { spreadsheetLine } from '../../preload/contract/bulk/spreadsheet-line'

/**
 * A row's first order id when the file gives none: the job's prefix and the row's line in the
 * spreadsheet (BULK-…-3 is line 3, the one staff find it on).
 */
export const orderIdOf = (prefix: string, rowNumber: number) =>
  `${prefix}-${spreadsheetLine(rowNumber)}`

/** A re-send after an unknown outcome goes with a new order id: the first one, -R and the attempt. */
export const resendOrderId = (current: string, attempt: number) =>
  `${current.replace(/-R\d+$/, '')}-R${attempt}`

/** A new job's order-id prefix: random, so two jobs never share an order id. */
export const newOrderPrefix = () => `BULK-${randomBytes(4).toString('hex').toUpperCase()}`
