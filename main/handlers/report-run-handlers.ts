import type { Handlers } from '../ipc'

type RunChannel = Extract<keyof Handlers, `report-runs:${string}`>

export function reportRunHandlers(deps: Record<string, never>): Pick<Handlers, RunChannel> {
  void deps
  return {}
}
