import { validateRecurringUpdate } from '../../preload/contract/recurring-validation'
import type { BulkSource } from './bulk-source'
import { PROFILE_TYPE_COLUMN, rowInput, type RowInput } from './column-mapping'
import type { RecurringProfileType } from '../../preload/contract/recurring-parameters'
import { RECURRING_UPDATE_ALIASES } from '../../preload/contract/recurring-parameters'

/** One problem of one row, at its cell when a column holds the parameter. */
export interface RowProblem {
  rowNumber: number
  /** The column at fault; null when the parameter has no column (say, a required one missing). */
  column: number | null
  parameter: string
  message: string
}

/** Stands in for the order id the job gives a row that has none, so it is not reported missing. */
const PLACEHOLDER_ORDER_ID = 'BULK-00000000-1'

/** The rules of spec §4.2 (the editor's own), for one row's update. */
export function inputProblems(
  input: RowInput,
  rowNumber: number,
  mapping: readonly (string | null)[],
): RowProblem[] {
  const columnOf = (parameter: string) => {
    const index = mapping.findIndex(
      (mapped) =>
        mapped !== null && (mapped === parameter || RECURRING_UPDATE_ALIASES[mapped] === parameter),
    )
    return index < 0 ? null : index
  }
  const problems: RowProblem[] = []
  if (input.badProfileType !== null) {
    problems.push({
      rowNumber,
      column: columnOf(PROFILE_TYPE_COLUMN),
      parameter: PROFILE_TYPE_COLUMN,
      message: `profile-type "${input.badProfileType.slice(0, 20)}" is not SRC, DST or native: write one of them, or leave the cell empty`,
    })
  }
  const parameters = { 'client-orderid': PLACEHOLDER_ORDER_ID, ...input.parameters }
  for (const issue of validateRecurringUpdate(parameters, input.profileType)) {
    problems.push({
      rowNumber,
      column: columnOf(issue.parameter),
      parameter: issue.parameter,
      message: issue.message,
    })
  }
  return problems
}

/** Every problem of every row (those excluded aside), before anything is sent. */
export function checkRows(
  source: BulkSource,
  mapping: readonly (string | null)[],
  profileType: RecurringProfileType | null,
  fixes: ReadonlyMap<number, Record<string, string>> = new Map(),
  excluded: ReadonlySet<number> = new Set(),
): RowProblem[] {
  return source.rows.flatMap((fields, index) => {
    const rowNumber = index + 1
    if (excluded.has(rowNumber)) return []
    const input = rowInput(fields, mapping, fixes.get(rowNumber) ?? null, profileType)
    return inputProblems(input, rowNumber, mapping)
  })
}
