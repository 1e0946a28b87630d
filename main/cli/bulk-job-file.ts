import {
  RECURRING_PROFILE_TYPES,
  type RecurringProfileType,
} from '../../preload/contract/recurring/recurring-parameters'
import { spreadsheetLine } from '../../preload/contract/bulk/spreadsheet-line'
import { isHeaderLine } from '../platform/privacy/column-name'
import { type BulkSource, connectionEnvironment, readJobFile } from '../bulk'
import { CliFailure, type CliIo } from './cli-io'
import { notOneOf } from './option-values'
import { cliText, wordsFor, type CliWords } from './cli-words'

const MAX_LISTED_PROBLEMS = 50

/** A file of updates read and checked with the app's rules, as a new job of either workspace. */
export interface CheckedJobFile {
  source: BulkSource
  mapping: (string | null)[]
  profileType: RecurringProfileType | null
  /** What a row's environment cell may name: the connection's environment only. */
  environments: ReturnType<typeof connectionEnvironment>
  /** Rows that break the rules, left out (--skip-invalid). */
  badRows: ReadonlySet<number>
}

/**
 * The headers as printed: quoted, or by their place when the first line is not a header line (a
 * file without one has a row of data there, card numbers and CVV2s among it).
 */
const shownHeaders = (headers: readonly string[], say: CliWords['say']) =>
  isHeaderLine(headers)
    ? headers.map((header) => JSON.stringify(header))
    : headers.map((_, index) => say('cli.bulk.column', { n: index + 1 }))

function profileTypeOption(text: string | undefined): RecurringProfileType | null {
  if (text === undefined) return null
  const named = RECURRING_PROFILE_TYPES.find((type) => type.toLowerCase() === text.toLowerCase())
  if (named === undefined) throw notOneOf('--profile-type', text, RECURRING_PROFILE_TYPES)
  return named
}

/**
 * Reads `--input` and checks every row before anything is sent: the columns not sent are named,
 * the rows that break the rules listed (line, column, rule); then nothing is sent unless
 * --skip-invalid leaves them out.
 */
export async function checkedJobFile(
  input: string,
  values: { 'profile-type'?: string; 'skip-invalid'?: boolean },
  environment: { id: string; name: string },
  savedMappings: Parameters<typeof readJobFile>[1]['savedMappings'],
  io: CliIo,
): Promise<CheckedJobFile> {
  const profileType = profileTypeOption(values['profile-type'])
  // One connection, one key: a row naming another environment is refused.
  const environments = connectionEnvironment(environment)
  const { source, mapping, problems } = await readJobFile(input, {
    savedMappings,
    profileType,
    environments,
  })
  const { say, explain } = wordsFor(io.language)
  const headers = shownHeaders(source.headers, say)
  if (!mapping.includes('recurring-payment-id')) {
    const key = isHeaderLine(source.headers)
      ? 'cli.bulk.no-id-column'
      : 'cli.bulk.no-id-column-data'
    throw new CliFailure(cliText(key, { input, headers: headers.join(', ') }))
  }
  const ignored = headers.filter((_, index) => mapping[index] === null)
  if (ignored.length > 0) {
    io.stderr(`${say('cli.bulk.not-sent-columns', { columns: ignored.join(', ') })}\n`)
  }
  const badRows = new Set(problems.map((problem) => problem.rowNumber))
  if (problems.length > 0) {
    const listed = problems.slice(0, MAX_LISTED_PROBLEMS).map((problem) => {
      const column = problem.column === null ? problem.parameter : headers[problem.column]
      const message = explain(problem)
      const line = spreadsheetLine(problem.rowNumber)
      return `  ${say('cli.bulk.problem', { line, column: column!, message })}\n`
    })
    const more =
      problems.length > MAX_LISTED_PROBLEMS
        ? `  ${say('cli.bulk.more', { n: problems.length - MAX_LISTED_PROBLEMS })}\n`
        : ''
    const bad = say('cli.bulk.bad-rows', { bad: badRows.size, total: source.rows.length })
    io.stderr(`${bad}\n${listed.join('')}${more}`)
    if (!values['skip-invalid']) throw new CliFailure(cliText('cli.bulk.fix-rows'))
  }
  if (badRows.size === source.rows.length) throw new CliFailure(cliText('cli.bulk.no-row'))
  return { source, mapping, profileType, environments, badRows }
}
