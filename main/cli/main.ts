import type { MessageSchema } from '../../preload/contract/locales/en'
import { scriptLocator, type ScriptName, type ScriptRef } from '../platform/workers/script-ref'
import type { CliIo } from './cli-io'
import type { QueryProcessAhead } from './query-process-ahead'

export { terminalLanguage } from './cli-language'

type Scripts = (name: ScriptName) => ScriptRef

type CommandRun = (
  argv: string[],
  io: CliIo,
  scripts: Scripts,
  ahead?: QueryProcessAhead,
) => Promise<number>

/** The commands, each with its summary in the catalog (cli.summary.*). */
type CommandName = keyof MessageSchema['cli']['summary']

/** Each command is loaded only when it runs, so `--help` and each command start fast. */
const commands: Record<CommandName, () => Promise<CommandRun>> = {
  sign: async () => (await import('./sign-command')).signCommand,
  keygen: async () => (await import('./keygen-command')).keygenCommand,
  sandbox: async () => (await import('./sandbox-command')).sandboxCommand,
  'update-recurring': async () =>
    (await import('./update-recurring-command')).updateRecurringCommand,
  'bulk-update': async () => (await import('./bulk-update-command')).bulkUpdateCommand,
  'bulk-jobs': async () => (await import('./bulk-jobs-command')).bulkJobsCommand,
  history: async () => (await import('./history-command')).historyCommand,
  report: async () => (await import('./report-command')).reportCommand,
  'report-view': async () => (await import('./report-view-command')).reportViewCommand,
  'report-export': async () => (await import('./report-export-command')).reportExportCommand,
  workspace: async () => (await import('./workspace-command')).workspaceCommand,
}

const isCommand = (name: string): name is CommandName => Object.hasOwn(commands, name)

/** What `gatedesk --help` says: the synopsis and a line per command. */
async function overview(io: CliIo): Promise<string> {
  const { usageText, wordsFor } = await import('./cli-words')
  const { say, word } = wordsFor(io.language)
  const lines = Object.keys(commands).map(
    (name) => `  ${name.padEnd(18)}${say(`cli.summary.${name as CommandName}`)}`,
  )
  const usage = word(usageText(say('cli.overview.synopsis')))
  return [usage, '', say('cli.overview.commands'), ...lines, '', say('cli.overview.more')].join(
    '\n',
  )
}

/** Runs one CLI command; returns the exit code (0 ok, 1 failure, 2 wrong usage). */
export async function main(
  argv: string[],
  io: CliIo,
  // The bundle keeps its worker scripts beside this file (out/cli); tsx runs the sources.
  scripts: Scripts = scriptLocator(import.meta.dirname),
): Promise<number> {
  // As in the app (main/app/index.ts): whatever a command or a process it starts creates is the
  // user's alone (reports, sandbox state, temp files), whatever the shell's umask.
  process.umask(0o077)
  const [name, ...rest] = argv
  // report-view's query process starts first of all (query-process-ahead.ts): before the message
  // catalog (about 15 ms of loading), the command's code and zod load.
  const ahead =
    name === 'report-view'
      ? (await import('./query-process-ahead')).queryProcessAhead(rest, scripts)
      : undefined
  try {
    return await run(name, rest, io, scripts, ahead)
  } finally {
    await ahead?.release()
  }
}

/** Runs command `name`: its words and errors load once report-view's query process is on its way. */
async function run(
  name: string | undefined,
  rest: string[],
  io: CliIo,
  scripts: Scripts,
  ahead: QueryProcessAhead | undefined,
): Promise<number> {
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(`${await overview(io)}\n`)
    return name === undefined ? 2 : 0
  }
  const [{ wordsFor }, { CliFailure, UsageError }] = await Promise.all([
    import('./cli-words'),
    import('./cli-io'),
  ])
  const { say, word } = wordsFor(io.language)
  if (!isCommand(name)) {
    io.stderr(`${say('cli.unknown-command', { name })}\n\n${await overview(io)}\n`)
    return 2
  }
  try {
    return await (
      await commands[name]()
    )(rest, io, scripts, ahead)
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(
        `gatedesk ${name}: ${word(error.text)}\n${say('cli.see-help', { command: name })}\n`,
      )
      return 2
    }
    if (error instanceof CliFailure) {
      io.stderr(`gatedesk ${name}: ${word(error.text)}\n`)
      return 1
    }
    throw error
  }
}
