import { join, resolve } from 'node:path'
import { dottedDay } from '../../preload/contract/platform/calendar'
import { type AdvanceResult, advanceSandboxDays, formatMinor, startSandbox } from '../sandbox'
import { appDataDir } from '../platform/db/data-dir'
import { CliFailure, parseOptions, type CliIo } from './cli-io'
import { cliText, helpText, mainText, wordsFor, type CliWords } from './cli-words'
import { requiredOption, wholeNumberOption } from './option-values'

/** In the desktop app's data folder, where the app keeps its own sandbox too. */
const defaultSandboxDir = () => join(appDataDir(), 'sandbox')

const help = helpText(
  `gatedesk sandbox [--port N] [--state-dir DIR] [--faults]
gatedesk sandbox advance --days N [--state-dir DIR]`,
  cliText('cli.help.sandbox', { stateDir: defaultSandboxDir() }),
)

const runOptions = {
  port: { type: 'string' },
  'state-dir': { type: 'string' },
  faults: { type: 'boolean' },
  help: { type: 'boolean' },
} as const

const advanceOptions = {
  days: { type: 'string' },
  'state-dir': { type: 'string' },
  help: { type: 'boolean' },
} as const

function untilSignal(): Promise<string> {
  return new Promise((resolveSignal) => {
    const onSignal = (signal: string) => {
      process.off('SIGINT', onSignal)
      process.off('SIGTERM', onSignal)
      resolveSignal(signal)
    }
    process.on('SIGINT', onSignal)
    process.on('SIGTERM', onSignal)
  })
}

async function runSandbox(argv: string[], io: CliIo): Promise<number> {
  const values = parseOptions(argv, runOptions)
  const { say, word } = wordsFor(io.language)
  if (values.help) {
    io.stdout(`${word(help)}\n`)
    return 0
  }
  const port =
    values.port === undefined
      ? undefined
      : wholeNumberOption(values.port, '--port', { min: 0, max: 65535 })
  const stateDir = resolve(values['state-dir'] ?? defaultSandboxDir())
  let sandbox
  try {
    sandbox = await startSandbox({ stateDir, port, faults: values.faults })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EADDRINUSE')
      throw new CliFailure(cliText('cli.sandbox.port-in-use', { port: String(port) }))
    const reason = mainText(error as Error)
    throw new CliFailure(cliText('cli.sandbox.could-not-start', { folder: stateDir, reason }))
  }
  const snapshot = sandbox.service.snapshot()
  io.stdout(
    [
      say('cli.sandbox.listening', { url: sandbox.baseUrl }),
      say(values['state-dir'] === undefined ? 'cli.sandbox.state-default' : 'cli.sandbox.state', {
        folder: stateDir,
      }),
      say('cli.sandbox.connection-file', { file: sandbox.connectionFile }),
      say('cli.sandbox.merchant', {
        login: snapshot.merchant.login,
        endpoint: snapshot.merchant.endpointId,
        running: snapshot.profiles.running,
        stopped: snapshot.profiles.stopped,
      }),
      say(values.faults ? 'cli.sandbox.simulated-date-faults' : 'cli.sandbox.simulated-date', {
        date: snapshot.simulatedDate,
      }),
      say('cli.sandbox.stop-hint'),
      '',
    ].join('\n'),
  )
  const signal = await untilSignal()
  await sandbox.stop()
  io.stdout(`${say('cli.sandbox.stopped', { signal })}\n`)
  return 0
}

function describeAdvance(result: AdvanceResult, say: CliWords['say']): string {
  const { charges } = result
  const lines = [say('cli.sandbox.advanced', { from: result.from, to: result.to })]
  lines.push(
    charges.length === 0
      ? say('cli.sandbox.no-charges')
      : say('cli.sandbox.charges', { n: charges.length }),
  )
  for (const { day, transaction: t } of charges) {
    const charge = {
      day: dottedDay(day),
      profile: String(t.profileId),
      transaction: t.id,
      amount: `${formatMinor(t.amountMinor)} ${t.currency}`,
      status: t.status,
    }
    // The decline reason is the gateway's own text, as the sandbox wrote it.
    const reason = t.declineReason
    lines.push(
      `  ${reason ? say('cli.sandbox.charge-with-reason', { ...charge, reason }) : say('cli.sandbox.charge', charge)}`,
    )
  }
  for (const stop of result.stopped) {
    const { profileId: profile, reason } = stop
    lines.push(say('cli.sandbox.stopped-profile', { profile, day: dottedDay(stop.day), reason }))
  }
  return lines.join('\n')
}

async function advanceSandbox(argv: string[], io: CliIo): Promise<number> {
  const values = parseOptions(argv, advanceOptions)
  const { say, word } = wordsFor(io.language)
  if (values.help) {
    io.stdout(`${word(help)}\n`)
    return 0
  }
  const days = wholeNumberOption(requiredOption(values.days, '--days'), '--days', {
    min: 1,
    max: 3660,
  })
  const stateDir = resolve(values['state-dir'] ?? defaultSandboxDir())
  let advance
  try {
    advance = advanceSandboxDays(stateDir, days)
  } catch (error) {
    throw CliFailure.of(error as Error)
  }
  io.stdout(`${describeAdvance(advance.result, say)}\n`)
  if (advance.callbacks) {
    io.stdout(`${say('cli.sandbox.sending-callbacks')}\n`)
    const { delivered, failed, refused } = await advance.callbacks
    io.stdout(`${say('cli.sandbox.callbacks', { delivered, failed, refused })}\n`)
  }
  return 0
}

export async function sandboxCommand(argv: string[], io: CliIo): Promise<number> {
  return argv[0] === 'advance' ? advanceSandbox(argv.slice(1), io) : runSandbox(argv, io)
}
