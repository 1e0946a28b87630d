import { CliFailure, UsageError, type CliIo } from './cli/cli-io'
import { keygenCommand, keygenUsage } from './cli/keygen-command'
import { reportCommand, reportUsage } from './cli/report-command'
import { sandboxCommand, sandboxUsage } from './cli/sandbox-command'
import { signCommand, signUsage } from './cli/sign-command'
import { updateRecurringCommand, updateRecurringUsage } from './cli/update-recurring-command'

interface Command {
  run: (argv: string[], io: CliIo) => Promise<number>
  summary: string
  usage: string
}

const commands: Record<string, Command> = {
  sign: {
    run: signCommand,
    summary: 'show the OAuth base string, signature and header of a request (signature debugger)',
    usage: signUsage,
  },
  keygen: {
    run: keygenCommand,
    summary: 'generate an RSA key pair offline: private.pem (0600), public.pem and its fingerprint',
    usage: keygenUsage,
  },
  sandbox: {
    run: sandboxCommand,
    summary: 'run the local sandbox gateway, or advance its simulated date ("sandbox advance")',
    usage: sandboxUsage,
  },
  'update-recurring': {
    run: updateRecurringCommand,
    summary: 'send one signed update-recurring-payment request and print the outcome',
    usage: updateRecurringUsage,
  },
  report: {
    run: reportCommand,
    summary: 'run one custom transactions report and save it (CSV or PDF) to a file',
    usage: reportUsage,
  },
}

const overview = `Usage: gatedesk <command> [options]

Commands:
${Object.entries(commands)
  .map(([name, command]) => `  ${name.padEnd(18)}${command.summary}`)
  .join('\n')}

Run "gatedesk <command> --help" for a command's options.`

/** Runs one CLI command; returns the exit code (0 ok, 1 failure, 2 wrong usage). */
export async function main(argv: string[], io: CliIo): Promise<number> {
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
    return await command.run(rest, io)
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
