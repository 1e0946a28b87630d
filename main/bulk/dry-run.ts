import type { BulkDryRun, BulkRunSettings } from '../../preload/contract/bulk/bulk-channels'
import type { EnvironmentReads } from '../environments/environment-service'
import { maskParameters } from '../platform/privacy/redaction'
import type { RecurringSending } from '../recurring/recurring-sending'
import { parametersOf } from '../platform/gateway/update-parameters'
import { fixesIn, tableRowInputs, type RowInput } from './column-mapping'
import type { ImportSession } from './import-sessions'
import { inputProblems } from './row-check'
import type { NamedEnvironment, RowEnvironments } from './row-environments'

const DRY_RUN_REQUESTS = 50

/**
 * Each row of an import that a job would take (excluded rows aside) as an update under the job's
 * profile type, and the rows refused for breaking the rules.
 */
export function sessionRows(
  session: ImportSession,
  profileType: BulkRunSettings['profileType'],
  environments: RowEnvironments,
) {
  const sendable = new Map<number, RowInput>()
  const refused = new Set<number>()
  const { rows } = session.source
  const inputOf = tableRowInputs(rows, session.mapping, fixesIn(session.fixes), profileType)
  rows.forEach((_, index) => {
    const row = index + 1
    if (session.excluded.has(row)) return
    const input = inputOf(row)
    if (inputProblems(input, row, session.mapping, environments).length > 0) refused.add(row)
    else sendable.set(row, input)
  })
  return { sendable, refused }
}

/** What a job from an import would send: counts, and its first requests with card data masked. */
export function dryRun(
  session: ImportSession,
  settings: BulkRunSettings,
  environments: RowEnvironments,
  deps: {
    environments: Pick<EnvironmentReads, 'get'>
    uncertainEarlier: RecurringSending['uncertainEarlier']
  },
): BulkDryRun {
  const jobEnvironment: NamedEnvironment = deps.environments.get(settings.environmentId)
  const { sendable, refused } = sessionRows(session, settings.profileType, environments)
  let held = 0
  const requests: BulkDryRun['requests'] = []
  for (const [row, input] of sendable) {
    // Each row gets its own order id when it is sent; the preview leaves it empty for the window to word.
    const parameters = parametersOf({ 'client-orderid': `#${row}`, ...input.parameters })
    const environment =
      input.environment === null ? jobEnvironment : environments.find(input.environment)!
    if (deps.uncertainEarlier(environment.id, parameters) !== null) held++
    if (requests.length < DRY_RUN_REQUESTS) {
      requests.push({
        rowNumber: row,
        environmentName: environment.name,
        parameters: maskParameters(parameters).map(([n, v]) => [
          n,
          n === 'client-orderid' ? '' : v.slice(0, 2000),
        ]),
      })
    }
  }
  return {
    counts: {
      send: session.source.rows.length - session.excluded.size - refused.size - held,
      refused: refused.size,
      excluded: session.excluded.size,
      held,
    },
    requests,
  }
}
