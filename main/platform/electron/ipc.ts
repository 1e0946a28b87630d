import { z } from 'zod'
import {
  channels,
  events,
  type ChannelName,
  type Channels,
  type EventName,
  type EventPayload,
} from '../../../preload/contract/channels'
import { explainedFields, type Explained } from '../../../preload/contract/platform/explained'
import { coded } from '../i18n/english'
import {
  ipcErrorSchema,
  type IpcError,
  type IpcResult,
} from '../../../preload/contract/platform/ipc-result'

/** The part of Electron's ipcMain the app uses; tests pass their own. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, payload: unknown) => unknown): void
}

/** The part of an invoke event the sender check reads. */
export interface InvokeEventLike {
  senderFrame: { url: string; parent: unknown } | null
}

/** One service function per channel: parsed input in, output to be checked against the contract. */
export type Handlers = {
  [C in ChannelName]: (
    input: z.output<Channels[C]['input']>,
  ) => Promise<z.input<Channels[C]['output']>>
}

/** `scheme://host` of a URL, also for custom schemes whose WHATWG origin is "null". */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url)
    return `${parsed.protocol}//${parsed.host}`
  } catch {
    return null
  }
}

const explainedErrorSchema = z.object(explainedFields)

/**
 * A message main can word in the window's language keeps its code and values: an
 * ExplainedError's, or those of an error that carries them the same way (CsvError); an odd
 * `messageCode` of some library's error is left out rather than spoil the reply.
 */
function explainedError(error: unknown): Pick<Explained, 'messageCode' | 'params'> {
  const { messageCode, params } = (error ?? {}) as Partial<Explained>
  const coded = explainedErrorSchema.safeParse({ messageCode, params })
  return coded.success && coded.data.messageCode ? coded.data : {}
}

/** A refinement's code and values (the contract puts them in a custom issue's params). */
function explainedOf(issue: z.core.$ZodIssue): Pick<Explained, 'messageCode' | 'params'> {
  if (issue.code !== 'custom' || typeof issue.params?.['messageCode'] !== 'string') return {}
  const { messageCode, ...params } = issue.params
  const values = Object.entries(params).filter(
    (entry): entry is [string, string | number] =>
      typeof entry[1] === 'string' || typeof entry[1] === 'number',
  )
  return { messageCode, params: Object.fromEntries(values) }
}

function issuesOf(error: z.ZodError): NonNullable<IpcError['issues']> {
  return error.issues.slice(0, 100).map((issue) => ({
    path: issue.path.map(String).join('.').slice(0, 200) || '(input)',
    message: issue.message.slice(0, 500),
    ...explainedOf(issue),
  }))
}

/**
 * An error reply, checked against the contract like any output: text the contract refuses (a
 * PEM private key in a thrown message) is logged in main, and the window learns only that the
 * channel failed.
 */
function checkedFailure(
  name: string,
  error: IpcError,
  logError: (message: string, error: unknown) => void,
): IpcResult<never> {
  const checked = ipcErrorSchema.safeParse(error)
  if (checked.success) return { ok: false, error: checked.data }
  logError(`"${name}" produced an error reply outside the contract`, checked.error)
  return {
    ok: false,
    error: {
      code: error.code,
      ...coded('ipc.failed-inside', { channel: name }),
    },
  }
}

/**
 * Registers every channel of the contract, each behind the same checks: the sender must be the
 * top frame of one of `trustedOrigins`, the input must parse with the channel's schema, and the
 * output, or the error, must match the contract before it leaves main. The one place ipc
 * handlers are bound.
 */
export function registerHandlers(
  ipc: IpcMainLike,
  handlers: Handlers,
  options: {
    trustedOrigins: readonly string[]
    logError: (message: string, error: unknown) => void
  },
): void {
  for (const name of Object.keys(channels) as ChannelName[]) {
    const definition = channels[name]
    const handler = handlers[name] as (input: unknown) => Promise<unknown>
    const failure = (error: IpcError) => checkedFailure(name, error, options.logError)
    ipc.handle(name, async (event, payload): Promise<IpcResult<unknown>> => {
      const frame = event.senderFrame
      const origin = frame ? originOf(frame.url) : null
      if (!frame || frame.parent !== null || !origin || !options.trustedOrigins.includes(origin)) {
        return failure({
          code: 'forbidden-sender',
          ...coded('ipc.forbidden-sender', { channel: name }),
        })
      }
      const input = definition.input.safeParse(payload)
      if (!input.success) {
        return failure({
          code: 'invalid-input',
          ...coded('ipc.invalid-input', { channel: name }),
          issues: issuesOf(input.error),
        })
      }
      let value: unknown
      try {
        value = await handler(input.data)
      } catch (error) {
        options.logError(`"${name}" failed`, error)
        return failure({
          code: 'failed',
          message: (error as Error).message.slice(0, 2000),
          ...explainedError(error),
        })
      }
      const output = definition.output.safeParse(value)
      if (!output.success) {
        // The service broke the contract: log the detail in main, tell the window only that.
        options.logError(`"${name}" produced output outside the contract`, output.error)
        return failure({
          code: 'invalid-output',
          ...coded('ipc.failed-inside', { channel: name }),
        })
      }
      return { ok: true, value: output.data }
    })
  }
}

/** Sends typed events to the window; a payload outside the contract is main's bug and throws. */
export function createEventEmitter(send: (event: string, payload: unknown) => void) {
  return function emit<E extends EventName>(name: E, payload: EventPayload<E>): void {
    send(name, events[name].payload.parse(payload))
  }
}
