import type { RecurringProfileType } from '../../preload/contract/recurring/recurring-parameters'
import { parametersOf } from '../platform/gateway/update-parameters'
import type { Parameter } from '../platform/privacy/parameter'
import type { BulkSource } from './bulk-source'
import { fixesIn, tableRowInputs } from './column-mapping'
import { newOrderPrefix, orderIdOf } from './order-ids'

/**
 * A checked file's rows as a team job keeps them: each row's update, canonical, with its own
 * client-orderid (the file's, else the job's prefix and the row's line), so every desk sends the
 * very same request. Rows left out, and rows whose profile-type cell names no type (they could
 * not be checked for their type), are not among them: the second are returned by number.
 */
export function teamJobRows(
  source: BulkSource,
  mapping: readonly (string | null)[],
  profileType: RecurringProfileType | null,
  excluded: ReadonlySet<number>,
): { rows: { rowNumber: number; parameters: Parameter[] }[]; untyped: number[] } {
  const orderPrefix = newOrderPrefix()
  const inputOf = tableRowInputs(source.rows, mapping, fixesIn(), profileType)
  const rows: { rowNumber: number; parameters: Parameter[] }[] = []
  const untyped: number[] = []
  source.rows.forEach((_, index) => {
    const rowNumber = index + 1
    if (excluded.has(rowNumber)) return
    const input = inputOf(rowNumber)
    if (input.badProfileType !== null) {
      untyped.push(rowNumber)
      return
    }
    const orderId = input.parameters['client-orderid'] ?? orderIdOf(orderPrefix, rowNumber)
    rows.push({
      rowNumber,
      parameters: parametersOf({ ...input.parameters, 'client-orderid': orderId }),
    })
  })
  return { rows, untyped }
}
