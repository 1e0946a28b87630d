import { join, resolve } from 'node:path'
import { dottedDay } from '../../preload/contract/platform/calendar'
import { type AdvanceResult, advanceSandboxDays, formatMinor, startSandbox } from '../sandbox'
import { appDataDir } from '../platform/db/data-dir'
import { CliFailure, parseOptions, UsageError, type CliIo } from './cli-io'
import { requiredOption } from './option-values'

/** In the desktop app's data folder, where the app keeps its own sandbox too. */
const defaultSandboxDir = () => join(appDataDir(), 'sandbox')

export const sandboxUsage = `Usage: gatedesk sandbox [--port N] [--state-dir DIR] [--faults]
       gatedesk sandbox advance --days N [--state-dir DIR]

Runs the local sandbox gateway over HTTPS on 127.0.0.1 until Ctrl+C, with a demo merchant and
demo recurring profiles. It writes DIR/sandbox.json, the --connection file of
"gatedesk update-recurring" and "gatedesk report". State persists in DIR across restarts.

  --port N         listen on port N (default: the port of the last run, else a free one)
  --state-dir DIR  where the state lives (default: ${defaultSandboxDir()})
  --faults         honour the X-Sandbox-Fault request header (internal-error, delay, reset,
                   truncate, not-form, corrupt-pdf), for testing clients

"advance" moves the sandbox's simulated date N days forward and makes the charges that fall due,
sending their callbacks. It works whether or not a sandbox is running on DIR.`

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

function wholeNumber(text: string, option: string, min: number, max: number): number {
  const value = Number(text)
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new UsageError(`${option} must be a whole number from ${min} to ${max}, not "${text}"`)
  }
  return value
}

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
  if (values.help) {
    io.stdout(`${sandboxUsage}\n`)
    return 0
  }
  const port = values.port === undefined ? undefined : wholeNumber(values.port, '--port', 0, 65535)
  const stateDir = resolve(values['state-dir'] ?? defaultSandboxDir())
  let sandbox
  try {
    sandbox = await startSandbox({ stateDir, port, faults: values.faults })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EADDRINUSE')
      throw new CliFailure(`port ${port} is in use: choose another --port, or 0 for any free port`)
    throw new CliFailure(`the sandbox could not start in ${stateDir}: ${(error as Error).message}`)
  }
  const snapshot = sandbox.service.snapshot()
  io.stdout(
    [
      `GateDesk sandbox listening at ${sandbox.baseUrl}`,
      `State: ${stateDir}${values['state-dir'] === undefined ? ' (the default)' : ''}`,
      `Connection file: ${sandbox.connectionFile} (use it with --connection)`,
      `Merchant: ${snapshot.merchant.login}, endpoint ${snapshot.merchant.endpointId}; ${snapshot.profiles.running} running and ${snapshot.profiles.stopped} stopped demo profiles`,
      `Simulated date: ${snapshot.simulatedDate}${values.faults ? '; faults enabled (X-Sandbox-Fault)' : ''}`,
      'Press Ctrl+C to stop.',
      '',
    ].join('\n'),
  )
  const signal = await untilSignal()
  await sandbox.stop()
  io.stdout(`Sandbox stopped (${signal}).\n`)
  return 0
}

function describeAdvance(result: AdvanceResult): string {
  const lines = [`Simulated date: ${result.from} → ${result.to}`]
  lines.push(
    result.charges.length === 0 ? 'No charges fell due.' : `${result.charges.length} charge(s):`,
  )
  for (const { day, transaction: t } of result.charges) {
    const amount = `${formatMinor(t.amountMinor)} ${t.currency}`
    const why = t.declineReason ? ` (${t.declineReason})` : ''
    lines.push(
      `  ${dottedDay(day)}  profile ${t.profileId}  transaction ${t.id}  ${amount}  ${t.status}${why}`,
    )
  }
  for (const stop of result.stopped) {
    lines.push(`Stopped: profile ${stop.profileId} on ${dottedDay(stop.day)} (${stop.reason})`)
  }
  return lines.join('\n')
}

async function advanceSandbox(argv: string[], io: CliIo): Promise<number> {
  const values = parseOptions(argv, advanceOptions)
  if (values.help) {
    io.stdout(`${sandboxUsage}\n`)
    return 0
  }
  const days = wholeNumber(requiredOption(values.days, '--days'), '--days', 1, 3660)
  const stateDir = resolve(values['state-dir'] ?? defaultSandboxDir())
  let advance
  try {
    advance = advanceSandboxDays(stateDir, days)
  } catch (error) {
    throw new CliFailure((error as Error).message)
  }
  io.stdout(`${describeAdvance(advance.result)}\n`)
  if (advance.callbacks) {
    io.stdout('Sending callbacks…\n')
    const count = await advance.callbacks
    io.stdout(
      `Callbacks: ${count.delivered} delivered, ${count.failed} failed, ${count.refused} not sent (not loopback)\n`,
    )
  }
  return 0
}

export async function sandboxCommand(argv: string[], io: CliIo): Promise<number> {
  return argv[0] === 'advance' ? advanceSandbox(argv.slice(1), io) : runSandbox(argv, io)
}
