import type { Explained } from '../../preload/contract/platform/explained'
import { validateRecurringUpdate } from '../../preload/contract/recurring/recurring-validation'
import type { BulkSource } from './bulk-source'
import { coded } from '../platform/i18n/english'
import {
  ENVIRONMENT_COLUMN,
  fixesIn,
  PROFILE_TYPE_COLUMN,
  tableRowInputs,
  type RowInput,
} from './column-mapping'
import type { RowEnvironments } from './row-environments'
import type { RecurringProfileType } from '../../preload/contract/recurring/recurring-parameters'
import { RECURRING_UPDATE_ALIASES } from '../../preload/contract/recurring/recurring-parameters'

/** One problem of one row, at its cell when a column holds the parameter. */
export interface RowProblem extends Explained {
  rowNumber: number
  /** The column at fault; null when the parameter has no column (say, a required one missing). */
  column: number | null
  parameter: string
}

/** Stands in for the order id the job gives a row that has none, so it is not reported missing. */
const PLACEHOLDER_ORDER_ID = 'BULK-00000000-1'

/** Why a row whose profile-type cell names no type is refused. */
export function badProfileType(cell: string): Explained {
  const value = cell.slice(0, 20)
  return coded('bulk.row.bad-profile-type', { value })
}

/** The rules of spec §4.2 (the editor's own), for one row's update, and its environment cell. */
export function inputProblems(
  input: RowInput,
  rowNumber: number,
  mapping: readonly (string | null)[],
  environments: RowEnvironments,
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
      ...badProfileType(input.badProfileType),
    })
  }
  if (input.environment !== null && environments.find(input.environment) === undefined) {
    problems.push({
      rowNumber,
      column: columnOf(ENVIRONMENT_COLUMN),
      parameter: ENVIRONMENT_COLUMN,
      ...environments.refusal(input.environment),
    })
  }
  const parameters = { 'client-orderid': PLACEHOLDER_ORDER_ID, ...input.parameters }
  for (const issue of validateRecurringUpdate(parameters, input.profileType)) {
    problems.push({
      rowNumber,
      column: columnOf(issue.parameter),
      parameter: issue.parameter,
      message: issue.message,
      ...(issue.messageCode ? { messageCode: issue.messageCode, params: issue.params ?? {} } : {}),
    })
  }
  return problems
}

/** Every problem of every row (those excluded aside), before anything is sent. */
export function checkRows(
  source: BulkSource,
  mapping: readonly (string | null)[],
  profileType: RecurringProfileType | null,
  environments: RowEnvironments,
  fixes: ReadonlyMap<number, Record<string, string>> = new Map(),
  excluded: ReadonlySet<number> = new Set(),
): RowProblem[] {
  const inputOf = tableRowInputs(source.rows, mapping, fixesIn(fixes), profileType)
  return source.rows.flatMap((_, index) => {
    const rowNumber = index + 1
    if (excluded.has(rowNumber)) return []
    return inputProblems(inputOf(rowNumber), rowNumber, mapping, environments)
  })
}
