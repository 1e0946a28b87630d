import {
  RECURRING_PROFILE_TYPES,
  RECURRING_UPDATE_ALIASES,
  RECURRING_UPDATE_PARAMETERS,
  type RecurringProfileType,
} from '../../preload/contract/recurring/recurring-parameters'
import { explainedError } from '../platform/i18n/english'

/** A column may also give each row's profile type (SRC, DST, native). */
export const PROFILE_TYPE_COLUMN = 'profile-type'
/** A column may also name each row's environment (by name or id). */
export const ENVIRONMENT_COLUMN = 'environment'

/** What a column can be mapped to. */
export const MAPPABLE_PARAMETERS: readonly string[] = [
  ...RECURRING_UPDATE_PARAMETERS.map((definition) => definition.name),
  PROFILE_TYPE_COLUMN,
  ENVIRONMENT_COLUMN,
]

/** Header spellings people use: case, spaces and underscores do not matter. */
const normal = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-')

const BY_NORMAL_NAME = new Map<string, string>([
  ...MAPPABLE_PARAMETERS.map((name) => [normal(name), name] as const),
  ...Object.entries(RECURRING_UPDATE_ALIASES).map(
    ([alias, name]) => [normal(alias), name] as const,
  ),
  ['type', PROFILE_TYPE_COLUMN],
  ['env', ENVIRONMENT_COLUMN],
  ['card-number', 'credit-card-number'],
  ['profile-id', 'recurring-payment-id'],
])

/**
 * Maps each column to a parameter: a mapping saved for that header first, else the parameter
 * of the same name. A parameter goes to its first column only; other columns are not sent.
 */
export function autoMapping(
  headers: readonly string[],
  saved: ReadonlyMap<string, string | null> = new Map(),
): (string | null)[] {
  const taken = new Set<string>()
  return headers.map((header) => {
    const key = header.trim().toLowerCase()
    const parameter = saved.has(key)
      ? saved.get(key)!
      : (BY_NORMAL_NAME.get(normal(header)) ?? null)
    if (parameter === null || taken.has(parameter) || !MAPPABLE_PARAMETERS.includes(parameter)) {
      return null
    }
    taken.add(parameter)
    return parameter
  })
}

/** A mapping as the window sets it, one entry per column: each a known parameter, at most once. */
export function checkedMapping(
  mapping: readonly (string | null)[],
  columns: number,
): (string | null)[] {
  const taken = new Set<string>()
  return Array.from({ length: columns }, (_, column) => {
    const parameter = mapping[column] ?? null
    if (parameter === null) return null
    if (!MAPPABLE_PARAMETERS.includes(parameter)) {
      const name = parameter.slice(0, 64)
      throw explainedError('bulk.import.not-a-parameter', { parameter: name })
    }
    if (taken.has(parameter)) {
      throw explainedError('bulk.import.mapped-twice', { parameter })
    }
    taken.add(parameter)
    return parameter
  })
}

/** A row's update as the send core takes it. */
export interface RowInput {
  parameters: Record<string, string>
  profileType: RecurringProfileType | undefined
  /** The profile-type cell, when it names no type. */
  badProfileType: string | null
  /** The environment cell (a name or an id); null: the job's environment. */
  environment: string | null
}

/** Fixes made in place to a table's rows, by row number. */
export type RowFixes = (rowNumber: number) => Readonly<Record<string, string>> | null | undefined

/**
 * A table's rows as updates, by row number (1-based, as the journal counts): the one way a row's
 * update is read, for its check, preview, dry run, journaling, sending and export alike.
 */
export const tableRowInputs =
  (
    rows: readonly (readonly string[])[],
    mapping: readonly (string | null)[],
    fixesOf: RowFixes,
    profileType: RecurringProfileType | null,
  ) =>
  (rowNumber: number): RowInput =>
    rowInput(rows[rowNumber - 1] ?? [], mapping, fixesOf(rowNumber) ?? null, profileType)

/** The fixes of a map by row number (an import's). */
export const fixesIn =
  (fixes: ReadonlyMap<number, Readonly<Record<string, string>>> = new Map()): RowFixes =>
  (rowNumber) =>
    fixes.get(rowNumber)

/**
 * One data row as an update: mapped cells (trimmed; an empty cell is "not given"), then the
 * fixes made in place. The row's own profile-type and environment cells win over the job's.
 */
export function rowInput(
  fields: readonly string[],
  mapping: readonly (string | null)[],
  overrides: Readonly<Record<string, string>> | null,
  jobProfileType: RecurringProfileType | null,
): RowInput {
  const cells: Record<string, string> = {}
  mapping.forEach((parameter, column) => {
    if (parameter !== null) cells[parameter] = (fields[column] ?? '').trim()
  })
  Object.assign(cells, overrides)
  const {
    [PROFILE_TYPE_COLUMN]: typeCell = '',
    [ENVIRONMENT_COLUMN]: environmentCell = '',
    ...rest
  } = cells
  const parameters = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== ''))
  const named = RECURRING_PROFILE_TYPES.find((t) => t.toLowerCase() === typeCell.toLowerCase())
  return {
    parameters,
    profileType: named ?? jobProfileType ?? undefined,
    badProfileType: typeCell !== '' && named === undefined ? typeCell : null,
    environment: environmentCell === '' ? null : environmentCell,
  }
}
