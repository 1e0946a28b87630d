import type { z } from 'zod'
import { appChannels } from './app/app-channels'
import type { ChannelDefinition, EventDefinition } from './platform/define'
import { appEvents } from './app/app-events'
import { bulkChannels, bulkEvents } from './bulk/bulk-channels'
import { environmentChannels, environmentEvents } from './environments/environment-channels'
import { historyChannels } from './history/history-channels'
import { jobChannels, jobEvents } from './platform/jobs'
import { recurringChannels } from './recurring/recurring-channels'
import { recurringEditorChannels } from './recurring/recurring-editor-channels'
import { reportChannels } from './reports/report-channels'
import { reportGridChannels } from './reports/report-grid-channels'
import { reportFileChannels } from './reports/report-file-channels'
import { reportPivotChannels } from './reports/report-pivot-channels'
import { reportPrintChannels } from './reports/report-print'
import { reportRunChannels } from './reports/report-run-channels'
import { savedViewChannels } from './reports/saved-views'
import { recentReportChannels, recentReportEvents } from './reports/recent-reports'
import { reportTemplateChannels } from './templates/report-template-channels'
import { sandboxChannels } from './sandbox/sandbox-channels'
import { workspaceChannels, workspaceEvents } from './workspace/workspace-channels'

/** Every channel the renderer may invoke: the preload allowlist and main's handler map. */
export const channels = {
  ...appChannels,
  ...environmentChannels,
  ...recurringChannels,
  ...recurringEditorChannels,
  ...historyChannels,
  ...sandboxChannels,
  ...jobChannels,
  ...reportChannels,
  ...reportGridChannels,
  ...reportFileChannels,
  ...reportPivotChannels,
  ...reportPrintChannels,
  ...reportTemplateChannels,
  ...savedViewChannels,
  ...recentReportChannels,
  ...reportRunChannels,
  ...bulkChannels,
  ...workspaceChannels,
} as const satisfies Record<string, ChannelDefinition>

/** Every event main may push to the window. */
export const events = {
  ...appEvents,
  ...environmentEvents,
  ...jobEvents,
  ...bulkEvents,
  ...recentReportEvents,
  ...workspaceEvents,
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

/**
 * Channels only the preload invokes, with what only it can know (a dropped file's path): the
 * bridge refuses them from the page, so a page script can never name a path.
 */
export const PRELOAD_ONLY_CHANNELS = ['reports:open-dropped'] as const satisfies ChannelName[]
export type PageChannelName = Exclude<ChannelName, (typeof PRELOAD_ONLY_CHANNELS)[number]>

/** A channel the page itself may invoke through window.gatedesk. */
export function isPageChannelName(name: string): name is PageChannelName {
  return isChannelName(name) && !(PRELOAD_ONLY_CHANNELS as readonly string[]).includes(name)
}

export function isEventName(name: string): name is EventName {
  return Object.hasOwn(events, name)
}
