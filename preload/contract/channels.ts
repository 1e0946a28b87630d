import type { z } from 'zod'
import { appChannels } from './app-channels'
import type { ChannelDefinition, EventDefinition } from './define'
import { appEvents } from './app-events'
import { environmentChannels, environmentEvents } from './environment-channels'
import { historyChannels } from './history-channels'
import { jobChannels, jobEvents } from './jobs'
import { recurringChannels } from './recurring-channels'
import { reportChannels } from './report-channels'
import { reportRunChannels } from './report-run-channels'
import { reportTemplateChannels } from './report-template-channels'
import { sandboxChannels } from './sandbox-channels'

/** Every channel the renderer may invoke: the preload allowlist and main's handler map. */
export const channels = {
  ...appChannels,
  ...environmentChannels,
  ...recurringChannels,
  ...historyChannels,
  ...sandboxChannels,
  ...jobChannels,
  ...reportChannels,
  ...reportTemplateChannels,
  ...reportRunChannels,
} as const satisfies Record<string, ChannelDefinition>

/** Every event main may push to the window. */
export const events = {
  ...appEvents,
  ...environmentEvents,
  ...jobEvents,
} as const satisfies Record<string, EventDefinition>

export type Channels = typeof channels
export type ChannelName = keyof Channels
export type ChannelInput<C extends ChannelName> = z.input<Channels[C]['input']>
export type ChannelOutput<C extends ChannelName> = z.output<Channels[C]['output']>

export type Events = typeof events
export type EventName = keyof Events
export type EventPayload<E extends EventName> = z.output<Events[E]['payload']>

export function isChannelName(name: string): name is ChannelName {
  return Object.hasOwn(channels, name)
}

export function isEventName(name: string): name is EventName {
  return Object.hasOwn(events, name)
}
