import {
  REQUEST_OUTCOME_NAMES,
  type RequestOutcome,
} from '../../preload/contract/platform/request-outcomes'
import {
  teamHistorySource,
  type AuditEntry,
  type HistoryOperation,
  type HistoryQuery,
} from '../history'
import { openCliStore } from './cli-history'
import { parseOptions, UsageError, type CliIo } from './cli-io'
import { workspaceOption, type CliWorkspace } from './cli-records'
import { onTeam } from './cli-workspace'
import { cliText, helpText, wordsFor, type CliWords } from './cli-words'
import { notOneOf, wholeNumberOption } from './option-values'

const help = helpText(
  `gatedesk history [--workspace local|team] [--find TEXT] [--profile ID] [--order ID]
                 [--operation update|report] [--outcome OUTCOME] [--from DATE] [--to DATE]
                 [--limit N] [--json]`,
  cliText('cli.help.history'),
)

const options = {
  workspace: { type: 'string' },
  find: { type: 'string' },
  profile: { type: 'string' },
  order: { type: 'string' },
  operation: { type: 'string' },
  outcome: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  limit: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean' },
} as const

/** The most entries one search returns (the local history's page). */
const LIMIT_MAX = 500
const OPERATIONS: Record<string, HistoryOperation> = {
  update: 'update-recurring-payment',
  report: 'custom-report',
}

/** A day (YYYY-MM-DD, from its start in UTC) or an instant, as ISO 8601. */
function dateOption(option: '--from' | '--to', text: string | undefined): string | undefined {
  if (text === undefined) return undefined
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text)
  if (Number.isNaN(date.getTime())) {
    throw new UsageError(cliText('cli.wrong.date', { option, value: text }))
  }
  return date.toISOString()
}

type Values = ReturnType<typeof parseOptions<typeof options>>

function queryOf(values: Values): HistoryQuery {
  const operation = values.operation
  if (operation !== undefined && !(operation in OPERATIONS)) {
    throw notOneOf('--operation', operation, Object.keys(OPERATIONS))
  }
  const outcome = values.outcome
  if (outcome !== undefined && !(REQUEST_OUTCOME_NAMES as readonly string[]).includes(outcome)) {
    throw notOneOf('--outcome', outcome, REQUEST_OUTCOME_NAMES)
  }
  const limit = wholeNumberOption(values.limit, '--limit', { min: 1, max: LIMIT_MAX, fallback: 50 })
  const query: HistoryQuery = { limit }
  const set = <K extends keyof HistoryQuery>(key: K, value: HistoryQuery[K] | undefined) => {
    if (value !== undefined) query[key] = value
  }
  set('text', values.find)
  set('profileId', values.profile)
  set('orderId', values.order)
  set('operation', operation === undefined ? undefined : OPERATIONS[operation])
  set('outcome', outcome as RequestOutcome | undefined)
  set('from', dateOption('--from', values.from))
  set('to', dateOption('--to', values.to))
  return query
}

/** The entries the query finds in the workspace's history, and how many match in all. */
async function search(
  workspace: CliWorkspace,
  query: HistoryQuery,
): Promise<{ entries: AuditEntry[]; total: number }> {
  const store = openCliStore()
  try {
    if (workspace === 'local') {
      const page = store.history.search(query)
      return { ...page, entries: page.entries.map((entry) => ({ ...entry, sender: null })) }
    }
    const page = await onTeam(store.db, async (pool) => teamHistorySource(pool).search(query))
    return page as { entries: AuditEntry[]; total: number }
  } finally {
    store.close()
  }
}

function entryLines(entry: AuditEntry, { say, explain }: CliWords): string {
  const line = say('cli.history.entry', {
    sent: entry.sentAt.slice(0, 19).replace('T', ' '),
    operation: say(`history.operations.${entry.operation}`),
    environment: entry.environmentName,
    outcome: say(`common.outcomes.${entry.outcome}`),
  })
  const details = [
    entry.profileId !== null && say('cli.history.profile', { profile: entry.profileId }),
    entry.orderId !== null && say('cli.history.order', { order: entry.orderId }),
    entry.serialNumber !== null && say('cli.history.serial', { serial: entry.serialNumber }),
    entry.sender && say('cli.history.sender', { ...entry.sender }),
  ].filter((part) => part !== false)
  const message = entry.message && explain(entry as Parameters<typeof explain>[0])
  const said = entry.outcome !== 'approved' && message ? [`    ${message}`] : []
  return [`${line}${details.map((part) => `  ${part}`).join('')}`, ...said].join('\n')
}

/**
 * `gatedesk history`: what was sent, newest first, with what came back; from this desk's history
 * or, with `--workspace team`, the team's audit trail with who sent each request.
 */
export async function historyCommand(argv: string[], io: CliIo): Promise<number> {
  const values = parseOptions(argv, options)
  const words = wordsFor(io.language)
  if (values.help) {
    io.stdout(`${words.word(help)}\n`)
    return 0
  }
  const workspace = workspaceOption(values.workspace)
  const { entries, total } = await search(workspace, queryOf(values))
  if (values.json) {
    io.stdout(`${JSON.stringify({ workspace, total, entries })}\n`)
  } else if (entries.length === 0) {
    io.stdout(`${words.say('cli.history.none')}\n`)
  } else {
    const shown = words.say('cli.history.shown', { shown: entries.length, total })
    io.stdout(`${[shown, ...entries.map((entry) => entryLines(entry, words))].join('\n')}\n`)
  }
  return 0
}
