import type { TeamConnection, TeamRole, WorkspaceService } from '../workspace'
import { wholeNumberOption } from './option-values'
import { cliWorkspaceService, explained } from './cli-workspace'
import { openCliStore } from './cli-history'
import {
  CliFailure,
  parseOptions,
  readOptionInput,
  secretFromFile,
  UsageError,
  type CliIo,
} from './cli-io'
import { cliText, helpText, wordsFor, type CliWords } from './cli-words'

const help = helpText(
  `gatedesk workspace connect --host H [--port P] --database D --user U --password-file F|- [--ca FILE]
gatedesk workspace status [--json]
gatedesk workspace disconnect`,
  cliText('cli.help.workspace'),
)

const options = {
  host: { type: 'string' },
  port: { type: 'string' },
  database: { type: 'string' },
  user: { type: 'string' },
  'password-file': { type: 'string' },
  ca: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean' },
} as const

type Values = ReturnType<typeof parseOptions<typeof options>>

const required = (value: string | undefined, option: string): string => {
  if (value === undefined || value.trim() === '')
    throw new UsageError(cliText('cli.wrong.required', { option }))
  return value.trim()
}

const portOption = (text: string | undefined) =>
  wholeNumberOption(text, '--port', { min: 1, max: 65535, fallback: 5432 })

/** Where `connect` goes, from the options; every missing one is a usage error. */
function connectionOf(values: Values): TeamConnection {
  return {
    host: required(values.host, '--host'),
    port: portOption(values.port),
    database: required(values.database, '--database'),
    user: required(values.user, '--user'),
    caFile: values.ca ?? null,
  }
}

/** The password from its file or standard input: never an option's value (it would show in ps). */
async function passwordOf(values: Values): Promise<string> {
  const path = required(values['password-file'], '--password-file')
  const password = secretFromFile(await readOptionInput(path, '--password-file'))
  if (password === '') throw new CliFailure(cliText('cli.workspace.empty-password', { path }))
  return password
}

const placeOf = (connection: TeamConnection) => ({
  user: connection.user,
  host: connection.host,
  port: String(connection.port),
  database: connection.database,
})

/** What the database lets this desk's user do, in words; none without a role. */
const roleLine = (role: TeamRole | null, say: CliWords['say']) =>
  role === null
    ? []
    : [
        say('cli.workspace.role', {
          role: say(`cli.workspace.roles.${role}`),
          rights: say(`cli.workspace.rights.${role}`),
        }),
      ]

async function connect(service: WorkspaceService, values: Values, say: CliWords['say']) {
  const connection = connectionOf(values)
  const password = await passwordOf(values)
  const opened = await explained(() => service.connect(connection, password))
  const lines = [
    say('cli.workspace.connected', {
      ...placeOf(connection),
      server: opened.serverVersion,
      schema: opened.schemaVersion,
    }),
    ...(opened.migrated > 0 ? [say('cli.workspace.created', { n: opened.migrated })] : []),
    ...roleLine(opened.role, say),
  ]
  return `${lines.join('\n')}\n`
}

/** `gatedesk workspace`: connect this desk to its team's workspace, see how it stands, leave it. */
export async function workspaceCommand(argv: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = argv
  const values = parseOptions(action?.startsWith('-') ? argv : rest, options)
  const { say, word, explain } = wordsFor(io.language)
  if (values.help || action === undefined || action.startsWith('-')) {
    io.stdout(`${word(help)}\n`)
    return values.help ? 0 : 2
  }
  if (!['connect', 'status', 'disconnect'].includes(action))
    throw new UsageError(cliText('cli.workspace.unknown-action', { action }))
  const store = openCliStore()
  try {
    const service = cliWorkspaceService(store.db)
    if (action === 'connect') {
      io.stdout(await connect(service, values, say))
      return 0
    }
    if (action === 'disconnect') {
      const was = await explained(() => service.disconnect())
      io.stdout(`${say(was ? 'cli.workspace.disconnected' : 'cli.workspace.not-connected')}\n`)
      return 0
    }
    const status = await explained(() => service.status())
    if (values.json) io.stdout(`${JSON.stringify(status)}\n`)
    else if (status.workspace === 'local') io.stdout(`${say('cli.workspace.local')}\n`)
    else if (status.reachable)
      io.stdout(
        `${[say('cli.workspace.reachable', { ...placeOf(status.connection), server: status.serverVersion, schema: status.schemaVersion }), ...roleLine(status.role, say)].join('\n')}\n`,
      )
    else
      io.stdout(
        `${say('cli.workspace.unreachable', { ...placeOf(status.connection), problem: explain(status.problem) })}\n`,
      )
    return status.workspace === 'team' && !status.reachable ? 1 : 0
  } finally {
    store.close()
  }
}
