import type { Handlers } from '../ipc'

type TemplateChannel = Extract<keyof Handlers, `templates:${string}`>

export function reportTemplateHandlers(
  deps: Record<string, never>,
): Pick<Handlers, TemplateChannel> {
  void deps
  return {}
}
