import { scriptLocator, type ScriptName, type ScriptRef } from '../platform/workers/script-ref'
import { CliFailure, UsageError, type CliIo } from './cli-io'

type Scripts = (name: ScriptName) => ScriptRef

interface CommandModule {
  run: (argv: string[], io: CliIo, scripts: Scripts) => Promise<number>
}

interface Command {
  summary: string
  /** Loaded only when the command runs, so `--help` and each command start fast. */
  load: () => Promise<CommandModule>
}

const commands: Record<string, Command> = {
  sign: {
    summary: 'show the OAuth base string, signature and header of a request (signature debugger)',
    load: async () => ({ run: (await import('./sign-command')).signCommand }),
  },
  keygen: {
    summary: 'generate an RSA key pair offline: private.pem (0600), public.pem and its fingerprint',
    load: async () => ({ run: (await import('./keygen-command')).keygenCommand }),
  },
  sandbox: {
    summary: 'run the local sandbox gateway, or advance its simulated date ("sandbox advance")',
    load: async () => ({ run: (await import('./sandbox-command')).sandboxCommand }),
  },
  'update-recurring': {
    summary: 'send one signed update-recurring-payment request and print the outcome',
    load: async () => ({
      run: (await import('./update-recurring-command')).updateRecurringCommand,
    }),
  },
  'bulk-update': {
    summary: 'send the updates of a CSV file, journaled: resumable, never sending a row twice',
    load: async () => ({ run: (await import('./bulk-update-command')).bulkUpdateCommand }),
  },
  report: {
    summary: 'run one custom transactions report and save it (CSV or PDF) to a file',
    load: async () => ({ run: (await import('./report-command')).reportCommand }),
  },
  'report-view': {
    summary: "print rows of a CSV report, sorted, filtered and totalled by the app's engine",
    load: async () => ({ run: (await import('./report-view-command')).reportViewCommand }),
  },
}

const overview = `Usage: gatedesk <command> [options]

Commands:
${Object.entries(commands)
  .map(([name, command]) => `  ${name.padEnd(18)}${command.summary}`)
  .join('\n')}

Run "gatedesk <command> --help" for a command's options.`

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
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(`${overview}\n`)
    return name === undefined ? 2 : 0
  }
  const command = commands[name]
  if (!command) {
    io.stderr(`gatedesk: unknown command "${name}"\n\n${overview}\n`)
    return 2
  }
  try {
    return await (await command.load()).run(rest, io, scripts)
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(
        `gatedesk ${name}: ${error.message}\nRun "gatedesk ${name} --help" for the options.\n`,
      )
      return 2
    }
    if (error instanceof CliFailure) {
      io.stderr(`gatedesk ${name}: ${error.message}\n`)
      return 1
    }
    throw error
  }
}
